import type { Reducer } from '@reduxjs/toolkit';
import { persistReducer, persistStore } from 'redux-persist';
// The ES build: the CommonJS one breaks under Vite's ESM interop (blank page).
import storage from 'redux-persist/es/storage';
import { authSlice, type AuthState } from '../lib/session/auth-slice';
import { rootReducer } from '../lib/store/root-reducer';
import type { AppStore } from './store';

/**
 * Wraps the auth slice with redux-persist, then restores and saves it: only the user, since the
 * access token lives in memory and comes back from the refresh cookie, and the OTP step's
 * password is never written to disk (docs/decisions/006). Loaded by auth-persistence.ts.
 */
export function persistAuth(store: AppStore) {
  const persisted = persistReducer(
    { key: authSlice.name, storage, whitelist: ['user'] },
    authSlice.reducer,
  );
  // The extra `_persist` key is redux-persist's own; the app reads only AuthState.
  rootReducer.inject(
    { reducerPath: authSlice.name, reducer: persisted as unknown as Reducer<AuthState> },
    { overrideExisting: true },
  );
  return persistStore(store);
}
