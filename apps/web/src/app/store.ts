import {
  applyMiddleware,
  compose,
  legacy_createStore as createStore,
  type Middleware,
  type Store,
  type StoreEnhancer,
} from 'redux';
import { refreshSession } from '../features/auth/refresh-session';
import type { AuthState } from '../lib/session/auth-slice';
import { autoBatchEnhancer } from '../lib/store/auto-batch';
import { dynamicMiddleware, rootReducer, type RootState } from '../lib/store/root-reducer';
import type { AppDispatch, StoreExtra } from '../lib/store/store-extra';

/** A starting state for tests: any slice, with auth as the app sees it (no persistence data). */
export type PreloadedState = Partial<Omit<RootState, 'auth'>> & { auth?: AuthState };

/** What shared code may call but not import (lib/store/store-extra.ts). */
const extra: StoreExtra = { refreshSession };

/** A thunk as redux-thunk runs it: with dispatch, getState and the extra argument. */
type Thunk = (dispatch: AppDispatch, getState: () => RootState, extra: StoreExtra) => unknown;

/** redux-thunk with its extra argument, as configureStore set it up (a few lines, no import). */
const thunk: Middleware = (api) => (next) => (action) =>
  typeof action === 'function'
    ? (action as Thunk)(api.dispatch as AppDispatch, () => api.getState() as RootState, extra)
    : next(action);

declare global {
  interface Window {
    __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose;
  }
}

/**
 * Plain Redux, set up as Redux Toolkit's `configureStore` did (thunk with `extra`, then the
 * dynamic middleware, RTK Query's batched notifications; the Redux DevTools in development):
 * `@reduxjs/toolkit` with immer is about 10 kB gzip that a public page's first download no
 * longer carries (decision 076). The development checks configureStore added (state changed in
 * place, actions that cannot be serialised) join in development from dev-checks.ts, loaded on
 * the side: production never contains them.
 */
const composeEnhancers =
  (import.meta.env.DEV && typeof window !== 'undefined'
    ? window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__
    : undefined) ?? compose;

if (import.meta.env.DEV) {
  void import('../lib/store/dev-checks').then(({ devChecks }) => {
    dynamicMiddleware.addMiddleware(...devChecks);
  });
}

/** A store per call, so every test starts clean (STYLE: store factory). */
export function makeStore(options: { preloadedState?: PreloadedState } = {}) {
  const store = createStore(
    rootReducer,
    options.preloadedState as RootState | undefined,
    composeEnhancers(
      applyMiddleware(thunk, dynamicMiddleware.middleware),
      autoBatchEnhancer,
    ) as StoreEnhancer,
  );
  return store as Store<RootState> & { dispatch: AppDispatch };
}

export type AppStore = ReturnType<typeof makeStore>;
