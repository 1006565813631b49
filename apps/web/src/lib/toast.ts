import { useSyncExternalStore } from 'react';

/**
 * Toasts (docs/product.md §9) without react-toastify in any page's first JavaScript: the library loads
 * with the first toast of the visit, and RootLayout mounts its container from then on
 * (useHasToasts). react-toastify keeps a toast raised before its container mounts and shows it
 * when the container does.
 */
type Kind = 'success' | 'error';

let hasToasts = false;
const listeners = new Set<() => void>();

/**
 * Error toasts on screen, by id, with when each was raised. An error belongs to the page it
 * happened on: one still showing after the user has moved on (a wrong password, then a right
 * one and the dashboard) only misleads.
 */
const openErrors = new Map<string, number>();
let nextErrorId = 0;
/** An error raised this close before a move is the move's own news ("session expired"). */
const STALE_AFTER_MS = 1_000;

function show(kind: Kind, message: string) {
  if (!hasToasts) {
    hasToasts = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then(({ toast: toastify }) => {
    if (kind === 'success') {
      toastify.success(message);
      return;
    }
    nextErrorId += 1;
    const toastId = `error-${String(nextErrorId)}`;
    openErrors.set(toastId, Date.now());
    toastify.error(message, { toastId, onClose: () => openErrors.delete(toastId) });
  });
}

/** Closes the error toasts raised before the page changed (RootLayout, on each move). */
export function dismissStaleErrors(): void {
  if (openErrors.size === 0) return;
  const now = Date.now();
  void import('react-toastify').then(({ toast: toastify }) => {
    for (const [toastId, raisedAt] of openErrors) {
      if (now - raisedAt < STALE_AFTER_MS) continue;
      openErrors.delete(toastId);
      toastify.dismiss(toastId);
    }
  });
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
