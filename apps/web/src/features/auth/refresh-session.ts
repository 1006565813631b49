import type { Dispatch } from '@reduxjs/toolkit';
import type { User } from '@karta/shared/schemas/users';
import { API_BASE } from '../../lib/api-base-url';
import { getStoredUserId, storeUserId } from '../../lib/user-id-storage';
import { loggedOut, markSignedOut, setCredentials } from '../../lib/session/auth-slice';
import { noteAnswer, noteUnreachable, whenWorthRetrying } from '../../lib/offline/connection';
import { forgetSessionOnDevice } from '../../lib/session/forget-device';
import { ensureSessionKey } from '../../lib/session/session-key';
import { keepSignedOutReason } from '../../lib/session/signed-out-reason';
import { earlyRequestsStarted, takeEarlyAnswer } from '../../lib/early-answers';

let inFlight: Promise<boolean> | null = null;

interface RefreshBody {
  status?: string;
  code?: string;
  message?: string;
  token?: string;
  data?: User;
}

/**
 * Trades the refresh cookie for a new access token (docs/product.md §4). Without a stored user id, or on
 * a server error or a non-success answer, the user is signed out. Calls made at the same time
 * share one request.
 *
 * A refresh that cannot be sent at all (no network) does not sign the seller out, unlike spec
 * §4 says: the phone is offline, not the session ended, and the dashboard shows the pages
 * already seen meanwhile (decision 041). It is tried again when the network may be back, and
 * the call resolves only then.
 */
export function refreshSession(
  dispatch: Dispatch,
  options: { isSilent?: boolean } = {},
): Promise<boolean> {
  inFlight ??= runRefresh(dispatch, options.isSilent ?? false).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function runRefresh(dispatch: Dispatch, isSilent: boolean): Promise<boolean> {
  // The server says the session is over: nothing of it stays on the device (decision 053).
  const signOut = () => {
    void forgetSessionOnDevice();
    dispatch(isSilent ? markSignedOut() : loggedOut());
    return false;
  };
  for (;;) {
    const userId = getStoredUserId();
    if (!userId) return signOut();
    let response: Response;
    try {
      // No Authorization header: the cookie is the credential (docs/product.md §7). The
      // dashboard's HTML may have sent this very refresh already (decision 074): a refresh token
      // works once, so its answer is the one to read.
      const url = `${API_BASE}/user/refresh_token/${encodeURIComponent(userId)}`;
      response = await (takeEarlyAnswer('POST', url) ??
        fetch(url, { method: 'POST', credentials: 'include' }));
    } catch {
      noteUnreachable();
      await whenWorthRetrying();
      continue;
    }
    noteAnswer(response);
    const body = (await response.json().catch(() => ({}))) as RefreshBody;
    if (!response.ok || body.status !== 'success' || !body.token || !body.data) {
      // A suspension ended the session: /login says so instead of nothing.
      if (body.code === 'ACCOUNT_SUSPENDED' && body.message) keepSignedOutReason(body.message);
      return signOut();
    }
    // The HTML's wallet and trades requests start from this same answer: let them be asked
    // for before the app asks for the same addresses.
    await earlyRequestsStarted();
    storeUserId(body.data.id);
    ensureSessionKey();
    dispatch(setCredentials({ user: body.data, token: body.token }));
    return true;
  }
}
