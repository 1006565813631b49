import { useSyncExternalStore } from 'react';

/**
 * A mouse or trackpad that can hover: where a keyboard is likely too. A phone or a tablet
 * answers no (its pointer is coarse and cannot hover), so keyboard shortcuts are not offered
 * there; a laptop with a touch screen still answers yes for its trackpad.
 */
const FINE_POINTER_QUERY = '(hover: hover) and (pointer: fine)';

const query = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(FINE_POINTER_QUERY)
    : null;

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => {
    list?.removeEventListener('change', onChange);
  };
}

/** True on a device with a fine, hovering pointer; false on touch screens, in jsdom and in pre-rendering. */
export function useFinePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
