import type { Dispatch } from '@reduxjs/toolkit';
import type { User } from '@karta/shared/schemas/users';
import { clearStoredUserId, getStoredUserId, storeUserId } from '../user-id-storage';
import { clearPersonalCache } from '../offline/service-worker';
import { loggedOut, setCredentials } from './auth-slice';

/** After a sign-in: token and user in the store, the user id in local storage (spec §4). */
export function startSession(dispatch: Dispatch, session: { user: User; token: string }) {
  // Another account on this browser: the last one's saved answers go (decision 041).
  if (getStoredUserId() !== session.user.id) void clearPersonalCache();
  storeUserId(session.user.id);
  dispatch(setCredentials(session));
}

/** Sign-out, deactivation, deletion or a dead session: nothing of the account stays behind. */
export function clearSession(dispatch: Dispatch) {
  clearStoredUserId();
  // The API cache empties itself on this action (lib/base-api.ts).
  dispatch(loggedOut());
}
