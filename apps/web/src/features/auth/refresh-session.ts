import type { Dispatch } from '@reduxjs/toolkit';
import type { User } from '@karta/shared/schemas/users';
import { API_BASE } from '../../lib/api-base-url';
import { clearStoredUserId, getStoredUserId, storeUserId } from '../../lib/user-id-storage';
import { loggedOut, markSignedOut, setCredentials } from '../../lib/session/auth-slice';

let inFlight: Promise<boolean> | null = null;

interface RefreshBody {
  status?: string;
  token?: string;
  data?: User;
}

/**
 * Trades the refresh cookie for a new access token (spec §4). Without a stored user id, or on
 * any failure (network, server, non-success), the user is signed out. Calls made at the same
 * time share one request.
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
  const signOut = () => {
    clearStoredUserId();
    dispatch(isSilent ? markSignedOut() : loggedOut());
    return false;
  };
  const userId = getStoredUserId();
  if (!userId) return signOut();
  try {
    // No Authorization header: the cookie is the credential (spec §7).
    const response = await fetch(`${API_BASE}/user/refresh_token/${encodeURIComponent(userId)}`, {
      method: 'POST',
      credentials: 'include',
    });
    const body = (await response.json().catch(() => ({}))) as RefreshBody;
    if (!response.ok || body.status !== 'success' || !body.token || !body.data) return signOut();
    storeUserId(body.data.id);
    dispatch(setCredentials({ user: body.data, token: body.token }));
    return true;
  } catch {
    return signOut();
  }
}
