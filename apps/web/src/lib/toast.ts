import { useSyncExternalStore } from 'react';

/**
 * Toasts (spec §9) without react-toastify in any page's first JavaScript: the library loads
 * with the first toast of the visit, and RootLayout mounts its container from then on
 * (useHasToasts). react-toastify keeps a toast raised before its container mounts and shows it
 * when the container does.
 */
type Kind = 'success' | 'error';

let hasToasts = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: string) {
  if (!hasToasts) {
    hasToasts = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then(({ toast: toastify }) => toastify[kind](message));
}

export const toast = {
  success: (message: string) => {
    show('success', message);
  },
  error: (message: string) => {
    show('error', message);
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** True once a toast has been raised: the toast container is needed from then on. */
export function useHasToasts(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasToasts,
    () => false,
  );
}
