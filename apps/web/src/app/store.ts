import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
// Only redux-persist's action names: the library itself loads when needed (persist-auth.ts).
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist/es/constants';
import { authSlice, type AuthState } from '../features/auth/auth-slice';
import { tradeSlice } from '../features/trades/trade-slice';
import { withdrawalSlice } from '../features/withdrawals/withdrawal-slice';

/**
 * Slices that join the store when their code loads (the API cache, with RTK Query; the rate
 * calculator's). Public pages never call the API, so RTK Query stays out of their first bundle
 * (DESIGN §4).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by lib/base-api.ts and the rate calculator slice
export interface LazyLoadedSlices {}

/**
 * The auth slice persists (spec §3), but only the user: app/persist-auth.ts wraps it with
 * redux-persist when the browser has a user to restore or to save (docs/decisions/014).
 */
export const rootReducer = combineSlices(
  authSlice,
  tradeSlice,
  withdrawalSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Middleware that arrives with lazily loaded code (the API's). */
export const dynamicMiddleware = createDynamicMiddleware();

/** A store per call, so every test starts clean (STYLE: store factory). */
/** A starting state for tests: any slice, with auth as the app sees it (no persistence data). */
export type PreloadedState = Partial<Omit<RootState, 'auth'>> & { auth?: AuthState };

export function makeStore(options: { preloadedState?: PreloadedState } = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
