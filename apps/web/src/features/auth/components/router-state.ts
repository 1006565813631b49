/**
 * The guest pages hand the e-mail on through router state (not the address bar, where it
 * would land in history and server logs). State is whatever the last page put there, so it
 * is read defensively.
 */
export function getStateEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
}

/**
 * The password typed moments ago for this address (kept in memory by the login, register and
 * reactivation pages, never stored): a deactivated seller types it once, not three times.
 */
export function rememberedPassword(
  verifyData: { email: string; password: string } | null,
  email: string,
): string {
  return verifyData && email && verifyData.email === email ? verifyData.password : '';
}
