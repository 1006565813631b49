import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { selectToken } from '../../lib/session/auth-slice';
import { paths } from '../../config/paths';
import { getOrigin } from '../../lib/origin';

/**
 * Login, register, confirm and reactivate are for guests: a signed-in user goes to the page
 * they were sent here from (docs/product.md §2: "returns to that origin"), else the dashboard.
 */
export function GuestRoute() {
  const token = useAppSelector(selectToken);
  const location = useLocation();
  if (token) {
    return <Navigate to={getOrigin(location.state) ?? paths.dashboard.root.getHref()} replace />;
  }
  return <Outlet />;
}
