import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { makeStore } from './app/store';

/** The public and guest pages the build pre-renders (scripts/prerender.mjs). */
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
 * Renders one public or guest page to HTML at build time (scripts/prerender.mjs), as a first
 * visitor with no session sees it. The browser paints it before any JavaScript runs, then
 * React hydrates it (main.tsx): that is what keeps LCP low on a slow phone.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://karta.local${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; nothing to pre-render`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProvider store={makeStore()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
}
