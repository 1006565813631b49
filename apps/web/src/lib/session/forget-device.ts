import { clearPersonalCaches } from '../offline/service-worker';
import { clearStoredUserId } from '../user-id-storage';
import { PERSISTED_AUTH_KEY } from './device-keys';
import { clearSessionKey } from './session-key';

/**
 * Removes what a session left on this device (decision 053): the stored user id, the persisted
 * auth slice, the session's key and every saved answer of the service worker. Needs no network:
 * a sign-out offline ends the session here at once. (The in-memory state goes with the
 * `loggedOut` or `markSignedOut` action that follows; redux-persist then writes nothing back.)
 */
export function forgetSessionOnDevice(): Promise<void> {
  clearStoredUserId();
  clearSessionKey();
  try {
    localStorage.removeItem(PERSISTED_AUTH_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  return clearPersonalCaches();
}
