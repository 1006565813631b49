import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { selectToken, selectUser } from '../../lib/session/auth-slice';
import { homeFor } from '../../config/home';
import { getOrigin } from '../../lib/origin';

/**
 * Login, register, confirm and reactivate are for guests: a signed-in user goes to the page
 * they were sent here from (docs/product.md §2: "returns to that origin"), else home: the
 * dashboard, or the console for staff.
 */
export function GuestRoute() {
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const location = useLocation();
  if (token) {
    return <Navigate to={getOrigin(location.state) ?? homeFor(user)} replace />;
  }
  return <Outlet />;
}
