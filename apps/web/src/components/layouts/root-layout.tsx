import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionKeeper } from '../../features/auth/use-session-keeper';

/**
 * react-toastify queues toasts raised before its container mounts, so the container can load
 * after the page: toasts only follow user actions, never the first paint.
 */
const Toasts = lazy(() => import('./toasts'));

/** Around every page: the session keeper and the toasts. */
export function RootLayout() {
  useSessionKeeper();
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
