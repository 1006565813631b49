import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { selectToken } from '../../lib/session/auth-slice';
import { paths } from '../../config/paths';
import { FullPageSpinner } from '../ui/spinner';

const RESTORING = 'Restoring your session...';

interface ProtectedRouteProps {
  /** What shows while the session is restored (the dashboard's skeleton); a spinner if none. */
  whileRestoring?: (label: string) => ReactNode;
  /** What shows once signed in: the route's page (the Outlet) unless given. */
  children?: ReactNode;
}

/**
 * The dashboard's door (spec §2): a placeholder while the session is being restored, the login
 * page (remembering where the user was going) when there is none.
 */
export function ProtectedRoute({ whileRestoring, children }: ProtectedRouteProps) {
  const token = useAppSelector(selectToken);
  const location = useLocation();
  if (token === undefined) {
    return whileRestoring ? whileRestoring(RESTORING) : <FullPageSpinner label={RESTORING} />;
  }
  if (!token) return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  return children ?? <Outlet />;
}
