import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { preloadDashboard } from './app/dashboard-routes';
import { routes } from './app/routes';
import { keepAuthPersisted } from './app/auth-persistence';
import { makeStore } from './app/store';
import { listenForInstallOffer } from './lib/offline/install-prompt-event';
import { PENDING_SIGN_OUT_KEY } from './lib/session/device-keys';
import { keepPreAppInput } from './lib/pre-app-input';
import './index.css';

listenForInstallOffer();
const store = makeStore();
/**
 * Signed in (the login answer, or a session restored on any page): the dashboard's code starts
 * loading now, in parallel, before the seller or the router asks for it (decision 043).
 */
const stopWatchingSignIn = store.subscribe(() => {
  if (!store.getState().auth.token) return;
  stopWatchingSignIn();
  preloadDashboard();
});
keepAuthPersisted(store).catch((error: unknown) => {
  // The app works without it; the user is simply not remembered across a reload.
  console.error(error);
});
// A sign-out an earlier visit made offline: the server hears of it now (decision 053).
if (localStorage.getItem(PENDING_SIGN_OUT_KEY) !== null) {
  void import('./lib/session/pending-sign-out').then(({ finishPendingSignOut }) => {
    finishPendingSignOut();
  });
}

/**
 * Pre-rendered pages (apps/web/scripts/prerender.mjs) arrive with their HTML in #root. Their lazy route
 * modules are loaded before hydrating, so the first client render matches the HTML exactly.
 */
async function start(root: HTMLElement) {
  const isPrerendered = root.hasChildNodes();
  if (isPrerendered) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy);
    await Promise.all(
      (lazyMatches ?? []).map(async (match) => {
        const lazy = match.route.lazy;
        if (typeof lazy !== 'function') return;
        Object.assign(match.route, { ...(await lazy()), lazy: undefined });
      }),
    );
  }
  const app = (
    <StrictMode>
      <AppProvider store={store}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProvider>
    </StrictMode>
  );
  // In a transition, React hydrates in slices and yields to the browser between them (about
  // every 5 ms) instead of one long task: total blocking time on a slow phone (decision 014).
  if (isPrerendered) {
    // What the visitor typed (and a submit held) before this script arrived: given back once
    // the app runs (RootLayout, decision 074).
    keepPreAppInput(root);
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (root) void start(root);
