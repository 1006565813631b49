import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectToken } from '../../features/auth/auth-slice';
import { paths } from '../../config/paths';

/** Login, register, confirm and reactivate are for guests: a signed-in user goes to the dashboard. */
export function GuestRoute() {
  const token = useAppSelector(selectToken);
  if (token) return <Navigate to={paths.dashboard.root.getHref()} replace />;
  return <Outlet />;
}
