import { useSyncExternalStore } from 'react';
import { SAVED_AT_HEADER } from './service-worker';

/**
 * Whether the app can reach the API. The browser's `navigator.onLine` is only half of it: a
 * phone on a network with no way out (or a page opened from the service worker's shell) says
 * it is online, so a request that could not be sent counts as "offline" too, until an answer
 * comes from the network again.
 */
let isUnreachable = false;
/**
 * When the newest API answer the app received was fetched: now for an answer from the network,
 * the time it was saved for one the service worker gave from its cache. The offline banner
 * shows it ("showing what you last saw at 14:02").
 */
let lastAnswerAt: number | null = null;
const listeners = new Set<() => void>();
const announce = () => {
  for (const listener of listeners) listener();
};

/** An answer arrived (from the network, or saved by the service worker). */
export function noteAnswer(response: Response) {
  const savedAt = response.headers.get(SAVED_AT_HEADER);
  if (savedAt) {
    const at = Date.parse(savedAt);
    if (!Number.isNaN(at)) lastAnswerAt = at;
  } else {
    lastAnswerAt = Date.now();
    isUnreachable = false;
  }
  announce();
}

/** A request could not be sent: no network. */
export function noteUnreachable() {
  if (isUnreachable) return;
  isUnreachable = true;
  announce();
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Online as far as the app can tell (the pre-render starts online). */
export function useIsOnline() {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !isUnreachable,
    () => true,
  );
}

export function useLastAnswerAt() {
  return useSyncExternalStore(
    subscribe,
    () => lastAnswerAt,
    () => null,
  );
}

/** How long a request that could not be sent waits before it is tried again. */
const RETRY_OFFLINE_MS = 10_000;

/**
 * Resolves when it is worth trying the network again: the browser says it is back online, the
 * page is shown again, or RETRY_OFFLINE_MS have passed.
 */
export function whenWorthRetrying(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      document.removeEventListener('visibilitychange', onVisible);
      resolve();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') done();
    };
    const timer = setTimeout(done, RETRY_OFFLINE_MS);
    window.addEventListener('online', done);
    document.addEventListener('visibilitychange', onVisible);
  });
}
