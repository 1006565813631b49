import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in pre-rendered HTML and while React hydrates it, true from then on (and at once for
 * pages rendered in the browser). React reads the server snapshot during hydration, so the first
 * client render matches the HTML.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
