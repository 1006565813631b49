import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { selectToken } from '../../lib/session/auth-slice';
import { paths } from '../../config/paths';
import { FullPageSpinner } from '../ui/spinner';

/**
 * The dashboard's door (spec §2): a spinner while the session is being restored, the login page
 * (remembering where the user was going) when there is none.
 */
export function ProtectedRoute() {
  const token = useAppSelector(selectToken);
  const location = useLocation();
  if (token === undefined) return <FullPageSpinner label="Restoring your session..." />;
  if (!token) return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  return <Outlet />;
}
