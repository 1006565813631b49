import type { Dispatch } from '@reduxjs/toolkit';
import type { User } from '@karta/shared/schemas/users';
import { getStoredUserId, storeUserId } from '../user-id-storage';
import { clearPersonalCaches } from '../offline/service-worker';
import { loggedOut, setCredentials } from './auth-slice';
import { forgetSessionOnDevice } from './forget-device';
import { finishPendingSignOut, rememberPendingSignOut } from './pending-sign-out';
import { startSessionKey } from './session-key';

/**
 * After a sign-in: token and user in the store, the user id in local storage (docs/product.md §4), and a
 * new session key: what earlier sessions saved for offline reading is dropped, and would not be
 * served to this one anyway (decision 053).
 */
export function startSession(dispatch: Dispatch, session: { user: User; token: string }) {
  void clearPersonalCaches();
  startSessionKey();
  storeUserId(session.user.id);
  dispatch(setCredentials(session));
}

/** Sign-out, deactivation, deletion or a dead session: nothing of the account stays behind. */
export function clearSession(dispatch: Dispatch) {
  void forgetSessionOnDevice();
  // The API cache empties itself on this action (lib/base-api.ts).
  dispatch(loggedOut());
}

/**
 * Sign-out without a network (decision 053): the session ends on this device at once, exactly
 * as online, and the server ends the account's sessions when the network is back.
 */
export function clearSessionOffline(dispatch: Dispatch) {
  const userId = getStoredUserId();
  clearSession(dispatch);
  if (!userId) return;
  rememberPendingSignOut(userId);
  finishPendingSignOut();
}
