import { SESSION_HEADER } from '../session/session-key';

/**
 * How the caches the service worker keeps the seller's own answers in are named: one per
 * session, `karta-personal-<session key>` (service-worker/sw.js, decisions 041 and 053).
 */
const PERSONAL_CACHE_PREFIX = 'karta-personal';
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
 * An answer the app has that no request through the worker brought: the dashboard's first page
 * of trades, carried by the session refresh (decision 077). The worker keeps it as if it had
 * fetched it (only for the session's key the request names, and only the addresses it keeps
 * anyway), so the seller still reads it offline.
 */
export async function keepAnswerOffline(request: Request, response: Response): Promise<void> {
  const worker =
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator
      ? navigator.serviceWorker.controller
      : null;
  const sessionKey = request.headers.get(SESSION_HEADER);
  if (!worker || !sessionKey || !response.ok) return;
  worker.postMessage({
    type: 'keep-answer',
    url: request.url,
    sessionKey,
    body: await response.text(),
  });
}

/**
 * Empties every session's saved answers: on sign-out (online or not), a session that could not
 * be restored, and a new sign-in. Deleted from here at once (no worker is needed for that, so
 * it works offline too), and the worker is told, so an answer on its way at this moment is not
 * saved after it.
 */
export async function clearPersonalCaches(): Promise<void> {
  const worker =
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator
      ? navigator.serviceWorker.controller
      : null;
  worker?.postMessage({ type: 'clear-personal' });
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names
        .filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX))
        .map((name) => caches.delete(name)),
    );
  } catch {
    // Storage refused (private browsing): nothing was saved either.
  }
}
