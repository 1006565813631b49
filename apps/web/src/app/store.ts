import { configureStore } from '@reduxjs/toolkit';
// Only redux-persist's action names: the library itself loads when needed (persist-auth.ts).
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist/es/constants';
import { refreshSession } from '../features/auth/refresh-session';
import type { AuthState } from '../lib/session/auth-slice';
import { dynamicMiddleware, rootReducer, type RootState } from '../lib/store/root-reducer';
import type { StoreExtra } from '../lib/store/store-extra';

/** A starting state for tests: any slice, with auth as the app sees it (no persistence data). */
export type PreloadedState = Partial<Omit<RootState, 'auth'>> & { auth?: AuthState };

/** What shared code may call but not import (lib/store/store-extra.ts). */
const extra: StoreExtra = { refreshSession };

/** A store per call, so every test starts clean (STYLE: store factory). */
export function makeStore(options: { preloadedState?: PreloadedState } = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
