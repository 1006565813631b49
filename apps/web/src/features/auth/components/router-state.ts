/**
 * The guest pages hand the e-mail on through router state (not the address bar, where it
 * would land in history and server logs). State is whatever the last page put there, so it
 * is read defensively.
 */
export function getStateEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
}
