import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import { pageTitle } from './app/page-title';
import { DashboardSkeleton } from './components/layouts/dashboard-skeleton';

/** The inline scripts the pages carry (apps/web/scripts/prerender.mjs), from where the CSP reads them too. */
export {
  EARLY_DASHBOARD_REQUESTS_SCRIPT,
  QUEUE_EARLY_SUBMIT_SCRIPT,
} from '@karta/shared/inline-scripts';

/** The public and guest pages the build pre-renders (apps/web/scripts/prerender.mjs). */
export const PRERENDERED_PAGES = [
  '/home',
  '/about',
  '/contact',
  '/rate-calculator',
  '/terms_of_use',
  '/privacy_policy',
  '/login',
  '/register',
  '/reactivate-account',
  '/forgot-password',
];

/**
 * Renders one public or guest page to HTML at build time (apps/web/scripts/prerender.mjs), as a first
 * visitor with no session sees it. The browser paints it before any JavaScript runs, then
 * React hydrates it (main.tsx): that is what keeps LCP low on a slow phone.
 */
export async function renderPage(path: string): Promise<{ html: string; title: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://karta.local${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; nothing to pre-render`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProvider store={makeStore()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  return { html, title: pageTitle(context.matches) };
}

/**
 * The dashboard's frame and skeleton as HTML, for the page every /dashboard address is served
 * (dist/prerendered/dashboard-shell.html): it paints as soon as the HTML and CSS are in, before
 * the app's code has arrived on a slow network (decision 043); the app removes it once it renders.
 */
export const renderDashboardShell = (): string =>
  renderToString(<DashboardSkeleton label="Loading your dashboard..." />);

/**
 * Every address the app has a page for, as route patterns (`:id` is one segment), without the
 * catch-all: the build writes them to dist/routes.json, and the server answers any other
 * address with the app's "not found" page and HTTP 404 rather than 200.
 */
export function appAddresses(list: RouteObject[] = routes, base = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path ? `${base}/${route.path}` : base;
    const own = route.index || (route.path && !route.children) ? [here || '/'] : [];
    return [...own, ...(route.children ? appAddresses(route.children, here) : [])];
  });
}
