import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, type Location } from 'react-router';
import { useSessionKeeper } from '../../features/auth/use-session-keeper';
import { dismissStaleErrors, useHasToasts } from '../../lib/toast';
import { pageTitle } from '../page-title';
import { resumePreAppInput } from '../../lib/pre-app-input';

/**
 * react-toastify queues toasts raised before its container mounts, so the container loads with
 * the first toast (lib/toast.ts): toasts only follow user actions, never the first paint, and
 * a visit that raises none never downloads the library.
 */
const Toasts = lazy(() => import('../../components/layouts/toasts'));

/**
 * A fresh page load has the location key "default" on every page, so positions saved on one
 * page would be restored on another (and fight /terms_of_use#reward-system): key those by
 * address instead.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? location.pathname + location.hash : location.key;

/** Each page's own name in the tab, history and bookmarks (the route table's `handle.title`). */
function usePageTitle() {
  const title = pageTitle(useMatches());
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Around every page: the session keeper, the page's title and the toasts. */
export function RootLayout() {
  useSessionKeeper();
  usePageTitle();
  const { pathname } = useLocation();
  useEffect(() => {
    dismissStaleErrors();
  }, [pathname]);
  const hasToasts = useHasToasts();
  // Mounted in the browser only: pre-rendered HTML has no toasts, and the first client render
  // must match it for hydration.
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    setIsMounted(true);
    // The page now answers clicks: said on <html> for the browser tests, which must not click
    // a pre-rendered page before that (nor read the UI library's private DOM properties).
    document.documentElement.dataset.hydrated = 'true';
    // What the visitor typed and sent before the app's script arrived (decision 074): the
    // forms have registered their fields by now (children's effects run first).
    resumePreAppInput();
    // The dashboard's skeleton the server's HTML painted (dashboard-shell.html): the app's own
    // frame is on screen now, in the same place.
    document.getElementById('boot')?.remove();
  }, []);
  return (
    <>
      <Outlet />
      {isMounted && hasToasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
