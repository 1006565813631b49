import {
  createImmutableStateInvariantMiddleware,
  createSerializableStateInvariantMiddleware,
} from '@reduxjs/toolkit';
// Only redux-persist's action names: the library itself loads when needed (persist-auth.ts).
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist/es/constants';

/**
 * The checks Redux Toolkit's `configureStore` ran in development: a reducer that changes the
 * state in place, an action or state that cannot be serialised (redux-persist's own actions
 * carry functions, so they are let through). app/store.ts adds them in development only, after
 * the store starts (decision 076): production never loads this file.
 */
export const devChecks = [
  createImmutableStateInvariantMiddleware(),
  createSerializableStateInvariantMiddleware({
    ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
  }),
];
