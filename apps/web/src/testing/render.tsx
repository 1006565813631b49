import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { makeStore, type PreloadedState } from '../app/store';
import { initialAuthState, rememberedOf } from '../lib/session/auth-slice';
import { storeUserId } from '../lib/user-id-storage';
import { makeToken, testUser } from './server';

interface RenderOptions {
  preloadedState?: PreloadedState;
  /** Inside StrictMode, as main.tsx renders it: effects run, clean up and run again. */
  isStrict?: boolean;
}

/** The whole app at a path, with the real routes, a fresh store and MSW as the API. */
export function renderApp(path: string, options: RenderOptions = {}) {
  const store = makeStore({ preloadedState: options.preloadedState });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const app = (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  const view = render(options.isStrict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, store, router, user };
}

/** A state where the user is signed in with a fresh token (and the user id is stored). */
export function signedInState(overrides: Partial<typeof testUser> = {}): PreloadedState {
  storeUserId(testUser.id);
  const user = { ...testUser, ...overrides };
  return {
    auth: {
      ...initialAuthState,
      user,
      remembered: rememberedOf(user),
      token: makeToken(),
      isAuthenticated: true,
    },
  };
}

/** The signed-out state after the session check has run. */
export const signedOutState = (): PreloadedState => ({
  auth: { ...initialAuthState, token: '' },
});

/** One component with the providers it needs, outside the route tree. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const store = makeStore({ preloadedState: options.preloadedState });
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  const user = userEvent.setup();
  const app = (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  const view = render(options.isStrict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, store, router, user };
}
