import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
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
import storage from 'redux-persist/lib/storage';
import { authSlice } from '../features/auth/auth-slice';
import { rateCalculatorSlice } from '../features/rate-calculator/rate-calculator-slice';
import { tradeSlice } from '../features/trades/trade-slice';
import { withdrawalSlice } from '../features/withdrawals/withdrawal-slice';
import { baseApi } from '../lib/base-api';
import { errorToastMiddleware } from '../lib/error-toasts';

const slices = {
  [authSlice.name]: authSlice.reducer,
  [tradeSlice.name]: tradeSlice.reducer,
  [rateCalculatorSlice.name]: rateCalculatorSlice.reducer,
  [withdrawalSlice.name]: withdrawalSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
};
const rootReducer = combineReducers(slices);
export type RootState = ReturnType<typeof rootReducer>;

/**
 * The auth slice persists (spec §3), but only the user: the access token lives in memory and
 * comes back from the refresh cookie, and the OTP step's password is never written to disk.
 * See docs/decisions/006.
 */
const persistedAuth = persistReducer(
  { key: 'auth', storage, whitelist: ['user'] },
  authSlice.reducer,
);

/** A store per call, so every test starts clean (STYLE: store factory). */
export function makeStore(
  options: { preloadedState?: Partial<RootState>; persist?: boolean } = {},
) {
  const reducer = options.persist
    ? combineReducers({ ...slices, [authSlice.name]: persistedAuth })
    : rootReducer;
  const store = configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(baseApi.middleware, errorToastMiddleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const createPersistor = (store: AppStore) => persistStore(store);
