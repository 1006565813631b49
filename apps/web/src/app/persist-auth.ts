import { persistReducer, persistStore, type PersistedState } from 'redux-persist';
import type { User } from '@karta/shared/schemas/users';
import { authSlice, rememberedOf, type AuthState } from '../lib/session/auth-slice';
import { rootReducer } from '../lib/store/root-reducer';
import type { AppStore } from './store';

/**
 * localStorage, except that a state remembering nobody (signed out) removes the key instead of
 * writing it: a signed-out device keeps no `persist:auth` at all (decision 053).
 */
const storage = {
  getItem: (key: string) =>
    new Promise<string | null>((resolve) => {
      resolve(localStorage.getItem(key));
    }),
  setItem: (key: string, value: string) =>
    new Promise<void>((resolve) => {
      if (remembersNobody(value)) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      resolve();
    }),
  removeItem: (key: string) =>
    new Promise<void>((resolve) => {
      localStorage.removeItem(key);
      resolve();
    }),
};

/** redux-persist writes each kept key as JSON inside JSON: `{"remembered":"null",...}`. */
function remembersNobody(serialized: string): boolean {
  try {
    const stored = JSON.parse(serialized) as { remembered?: unknown };
    return stored.remembered === undefined || stored.remembered === 'null';
  } catch {
    return false;
  }
}

/**
 * Version 1 keeps `remembered` (id, first name, referral code). Before it, the whole profile
 * was kept under `user` (e-mail, phone, birth date...): only its remembered part is read back,
 * and the first write replaces the stored entry, so the rest leaves the disk.
 */
const PERSIST_VERSION = 1;
function keepOnlyRemembered(state: PersistedState): Promise<PersistedState> {
  if (!state) return Promise.resolve(state);
  const { user, ...rest } = state as PersistedState &
    Partial<Pick<AuthState, 'remembered'>> & { user?: User | null };
  return Promise.resolve({
    ...rest,
    remembered: rest.remembered ?? (user ? rememberedOf(user) : null),
  } as PersistedState);
}

/**
 * Wraps the auth slice with redux-persist, then restores and saves it: only `remembered`, what
 * the dashboard needs before the session is restored or offline (decision 053). The access token
 * lives in memory and comes back from the refresh cookie; the full profile comes from the API;
 * the OTP step's password is never written to disk (decision 006). Loaded by auth-persistence.ts.
 */
export function persistAuth(store: AppStore) {
  const persisted = persistReducer(
    {
      key: authSlice.name,
      storage,
      whitelist: ['remembered'],
      version: PERSIST_VERSION,
      migrate: keepOnlyRemembered,
    },
    authSlice.reducer,
  );
  // The extra `_persist` key is redux-persist's own; the app reads only AuthState.
  rootReducer.inject(
    { reducerPath: authSlice.name, reducer: persisted },
    { overrideExisting: true },
  );
  return persistStore(store);
}
