import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { AppErrorPage } from '../features/public/components/app-error-page';
import { consoleRoute } from './console-routes';
import { dashboardRoute } from './dashboard-routes';
import { guestRoutes } from './guest-routes';
import { RootLayout } from './layouts/root-layout';
import { redirectTo } from './lazy-route';
import { publicRoutes } from './public-routes';

/**
 * The route tree of docs/product.md §2, one area a file: the public site (public-routes.tsx) is
 * in the first bundle, as it must be fast on a cheap phone; the guest forms (guest-routes.tsx),
 * the dashboard (dashboard-routes.tsx) and the console (console-routes.tsx) load as chunks.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <AppErrorPage />,
    children: [
      { index: true, element: redirectTo(paths.home.getHref()) },
      publicRoutes,
      guestRoutes,
      dashboardRoute,
      consoleRoute,
    ],
  },
];
