import { getStoredUserId } from '../user-id-storage';
import { SESSION_KEY_STORAGE_KEY } from './device-keys';

/**
 * The header that names the session a request belongs to. The service worker serves a saved
 * answer only to a request carrying the session that saved it, and never to one without it
 * (decision 053). It is not a credential: the server ignores it.
 */
export const SESSION_HEADER = 'x-karta-session';

/** 128 random bits, base64url: what the service worker accepts as a session (and a cache name). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This session's id on this device, if a session started here (or was restored). */
export function getSessionKey(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The key to send with a request made for this user: none when the device's session is another
 * account's (a tab left open on an account another tab has since signed out of or replaced), so
 * such a tab's answers are neither saved into nor served from that session's cache.
 */
export function sessionKeyFor(userId: string | undefined): string | null {
  return userId !== undefined && getStoredUserId() === userId ? getSessionKey() : null;
}

/** A sign-in: a new session, so a new id; what older sessions saved is never served to it. */
export function startSessionKey(): string {
  const key = randomKey();
  try {
    localStorage.setItem(SESSION_KEY_STORAGE_KEY, key);
  } catch {
    // Private browsing can refuse storage: nothing is served offline then, as nothing is saved.
  }
  return key;
}

/**
 * A session restored through the refresh cookie keeps its id; one started before ids existed
 * (an older version of the app) gets one now.
 */
export function ensureSessionKey(): string {
  return getSessionKey() ?? startSessionKey();
}

export function clearSessionKey() {
  try {
    localStorage.removeItem(SESSION_KEY_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
