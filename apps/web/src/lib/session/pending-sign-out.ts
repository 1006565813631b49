import { API_BASE } from '../api-base-url';
import { whenWorthRetrying } from '../offline/connection';
import { PENDING_SIGN_OUT_KEY } from './device-keys';

/**
 * Sign-out ends every session of the account (decision 002), which only the server can do.
 * Offline, the device forgets the session at once (forget-device.ts) and the server is told
 * when the network is back (decision 053): this keeps the account's id for that, and nothing
 * else, until the server has answered. A sign-in on this device voids it first (it would end
 * the new session too). The access token is gone with the session, so the refresh cookie,
 * still in the browser, buys one to sign out with.
 */

function readPending(): string | null {
  try {
    return localStorage.getItem(PENDING_SIGN_OUT_KEY);
  } catch {
    return null;
  }
}

export function rememberPendingSignOut(userId: string) {
  try {
    localStorage.setItem(PENDING_SIGN_OUT_KEY, userId);
  } catch {
    // Storage refused: the server session then ends at its idle limit.
  }
}

function dropPendingSignOut() {
  try {
    localStorage.removeItem(PENDING_SIGN_OUT_KEY);
  } catch {
    // Nothing stored, nothing to drop.
  }
}

/** Whether the server has answered: true when it signed out (or the session had ended). */
async function tellServer(userId: string): Promise<boolean> {
  try {
    const refreshed = await fetch(`${API_BASE}/user/refresh_token/${encodeURIComponent(userId)}`, {
      method: 'POST',
      credentials: 'include',
    });
    // A server error says nothing about the session: try again later.
    if (refreshed.status >= 500) return false;
    const body = (await refreshed.json().catch(() => ({}))) as { token?: unknown };
    // Refused: the session is over already (signed out elsewhere, expired, suspended).
    if (!refreshed.ok || typeof body.token !== 'string') return true;
    // Voided meanwhile by a sign-in in another tab: signing out now would end that session.
    if (readPending() !== userId) return true;
    const signedOut = await fetch(`${API_BASE}/auth/signout`, {
      method: 'POST',
      credentials: 'include',
      headers: { authorization: body.token },
    });
    return signedOut.status < 500;
  } catch {
    // Not sent: still offline.
    return false;
  }
}

let inFlight: Promise<boolean> | null = null;

/** One try; tries made meanwhile (another caller) share it. */
function tryOnce(): Promise<boolean> {
  const userId = readPending();
  if (!userId) return Promise.resolve(true);
  inFlight ??= tellServer(userId)
    .then((isDone) => {
      if (isDone && readPending() === userId) dropPendingSignOut();
      return isDone;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

let isWatching = false;

/**
 * Tells the server now, and again whenever the network may be back (lib/offline/connection.ts),
 * until it has answered. Started by an offline sign-out, and on start-up (main.tsx) when an
 * earlier visit left one waiting.
 */
export function finishPendingSignOut() {
  if (isWatching) return;
  isWatching = true;
  void (async () => {
    while (readPending() && !(await tryOnce())) await whenWorthRetrying();
    isWatching = false;
  })();
}

/**
 * Before a sign-in: one last try, then the pending sign-out is void either way, so that it can
 * never end the session about to start. (Unsent, the old session ends at its idle limit.)
 */
export async function settlePendingSignOutBeforeSignIn(): Promise<void> {
  if (!readPending()) return;
  await tryOnce();
  dropPendingSignOut();
}
