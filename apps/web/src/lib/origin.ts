import type { Path } from 'react-router';

/**
 * Where a guest was going when the dashboard sent them to log in (ProtectedRoute puts it in
 * router state as `from`). State is whatever the last page put there, so it is read defensively.
 */
export function getOrigin(state: unknown): Partial<Path> | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from as Partial<Path> | null | undefined;
  if (!from || typeof from.pathname !== 'string') return null;
  return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
}
