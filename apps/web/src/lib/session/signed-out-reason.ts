/**
 * Why the server ended this tab's session, when it said (a suspension), for /login to
 * show once. In the tab's session storage: the sign-out reloads nothing, but the page that
 * shows it may be a fresh load, and it concerns this tab's person only.
 */
const SIGNED_OUT_REASON_KEY = 'karta:signed-out-reason';

export function keepSignedOutReason(message: string): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_REASON_KEY, message);
  } catch {
    // Storage refused: /login says nothing more than before.
  }
}

export function readSignedOutReason(): string | null {
  try {
    return sessionStorage.getItem(SIGNED_OUT_REASON_KEY);
  } catch {
    return null;
  }
}

/** Once shown, gone: a later visit to /login is clean. */
export function forgetSignedOutReason(): void {
  try {
    sessionStorage.removeItem(SIGNED_OUT_REASON_KEY);
  } catch {
    // Nothing kept.
  }
}
