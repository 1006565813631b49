import { useSyncExternalStore } from 'react';

const hasMatchMedia = () => typeof window.matchMedia === 'function';

/**
 * Whether a CSS media query matches now, kept current as the window changes. Where the browser
 * cannot tell (jsdom has no `matchMedia`), `fallback` stands in.
 */
export function useMediaQuery(query: string, fallback: boolean) {
  return useSyncExternalStore(
    (onChange) => {
      if (!hasMatchMedia()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    () => (hasMatchMedia() ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
