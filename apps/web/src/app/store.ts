import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
// The ES build: the CommonJS one breaks under Vite's ESM interop (blank page).
import storage from 'redux-persist/es/storage';
import { authSlice, type AuthState } from '../features/auth/auth-slice';
import { rateCalculatorSlice } from '../features/rate-calculator/rate-calculator-slice';
import { tradeSlice } from '../features/trades/trade-slice';
import { withdrawalSlice } from '../features/withdrawals/withdrawal-slice';

/**
 * Slices that join the store when their code loads (the API cache, with RTK Query). Public
 * pages never call the API, so RTK Query stays out of their first bundle (DESIGN §4).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by lib/base-api.ts
export interface LazyLoadedSlices {}

/**
 * The auth slice persists (spec §3), but only the user: the access token lives in memory and
 * comes back from the refresh cookie, and the OTP step's password is never written to disk
 * (docs/decisions/006). Nothing is written until `persistStore` runs (main.tsx), so tests and
 * other stores are untouched.
 */
const persistedAuth = persistReducer(
  { key: 'auth', storage, whitelist: ['user'] },
  authSlice.reducer,
);

export const rootReducer = combineSlices(
  { [authSlice.name]: persistedAuth },
  tradeSlice,
  rateCalculatorSlice,
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
export const createPersistor = (store: AppStore) => persistStore(store);
