/** The cache the service worker keeps the seller's own answers in (service-worker/sw.js, decision 041). */
export const PERSONAL_CACHE = 'karta-personal';
/** The header the service worker adds to an answer it saved: when it was saved (ISO 8601). */
export const SAVED_AT_HEADER = 'x-karta-saved-at';

/**
 * Registers the service worker (production builds only: the development server has no sw.js,
 * and tests have no worker). Called by the dashboard, so the public pages load exactly as
 * before; once registered, the worker also tells the app's shell to keep the files this page
 * has already loaded.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.startsWith('/assets/'));
      registration.active?.postMessage({ type: 'keep-files', urls });
    })
    .catch((error: unknown) => {
      // The app works without it, only not offline.
      console.warn('service worker not registered', error);
    });
}

/**
 * Empties the seller's saved answers: on sign-out, a session that could not be restored, and
 * another account signing in. Deleted from here at once, and the worker is told too, so an
 * answer on its way at this moment is not saved after it.
 */
export function clearPersonalCache(): Promise<void> {
  const worker =
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator
      ? navigator.serviceWorker.controller
      : null;
  worker?.postMessage({ type: 'clear-personal' });
  if (typeof caches === 'undefined') return Promise.resolve();
  return caches.delete(PERSONAL_CACHE).then(
    () => undefined,
    () => undefined,
  );
}
