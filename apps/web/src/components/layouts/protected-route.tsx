import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { selectKnownUser, selectToken } from '../../lib/session/auth-slice';
import { useIsOnline } from '../../lib/offline/connection';
import { getStoredUserId } from '../../lib/user-id-storage';
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
 * The dashboard's door (docs/product.md §2): a placeholder while the session is being restored, the login
 * page (remembering where the user was going) when there is none. Opened without a network, the
 * session cannot be restored until the network is back (the refresh waits for it); meanwhile
 * the remembered seller (what the device keeps: id, first name, referral code) reads the pages
 * already seen, from the service worker's saved answers (decisions 041 and 053).
 */
export function ProtectedRoute({ whileRestoring, children }: ProtectedRouteProps) {
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectKnownUser);
  const isOnline = useIsOnline();
  const location = useLocation();
  if (token === undefined) {
    if (!isOnline && user && getStoredUserId() === user.id) return children ?? <Outlet />;
    return whileRestoring ? whileRestoring(RESTORING) : <FullPageSpinner label={RESTORING} />;
  }
  if (!token) return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  return children ?? <Outlet />;
}
