/* Karta's service worker (decision 041). The web build copies it to dist/sw.js and fills in the
 * two placeholders (scripts/service-worker.mjs): the build's version and the shell's files.
 *
 * What it keeps, where, and until when:
 * - "karta-shell-<version>": index.html and the files it loads (at install), then every other
 *   fingerprinted file under /assets/ the app loads, the manifest and the icons (when first
 *   fetched). Nothing personal. A new version's caches replace the old ones on activation.
 * - "karta-personal": the seller's own GET answers of the trade and withdrawal lists and details
 *   (/api/v1/trade/fetch_trade/{user_id}, /api/v1/transaction/fetch_withdrawal_request/{user_id}),
 *   served only when the network fails. Emptied when the app says so (sign-out, a session that
 *   could not be restored, another account signing in), on a 401/403 answer to one of them, and
 *   when an answer for another account arrives. Never: sign-in, refresh, current_user, mail,
 *   anything but GET.
 */
const VERSION = '__KARTA_VERSION__';
/** @type {string[]} */
const PRECACHE = /** @type {any} */ ('__KARTA_PRECACHE__');

const SHELL_CACHE = `karta-shell-${VERSION}`;
const PERSONAL_CACHE = 'karta-personal';
/** The user id whose answers the personal cache holds. */
const OWNER_KEY = '/__karta-personal-owner__';
/** When an answer was saved; the app's offline banner reads it. */
const SAVED_AT_HEADER = 'x-karta-saved-at';
const PERSONAL_ANSWERS = [
  /^\/api\/v1\/trade\/fetch_trade\/([^/]+)$/,
  /^\/api\/v1\/transaction\/fetch_withdrawal_request\/([^/]+)$/,
];
/** A seller reading offline needs the last pages seen, not every filter ever tried. */
const PERSONAL_LIMIT = 60;
const SHELL_FILES = /^\/(assets\/|icons\/|manifest\.webmanifest$|favicon\.svg$)/;

/** Bumped on every clear, so an answer that was on its way then is not saved after it. */
let generation = 0;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('karta-shell-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function clearPersonal() {
  generation += 1;
  return caches.delete(PERSONAL_CACHE);
}

self.addEventListener('message', (event) => {
  // The files the page loaded before this worker controlled it (its first dashboard visit):
  // kept too, so the pages already seen start offline. They come from the browser's HTTP cache.
  if (event.data && event.data.type === 'keep-files' && Array.isArray(event.data.urls)) {
    const urls = event.data.urls.filter((url) => {
      if (typeof url !== 'string') return false;
      const parsed = new URL(url, self.location.href);
      return parsed.origin === self.location.origin && SHELL_FILES.test(parsed.pathname);
    });
    event.waitUntil(
      caches
        .open(SHELL_CACHE)
        .then((cache) =>
          Promise.all(
            urls.map((url) =>
              cache.match(url).then((hit) => hit || cache.add(url).catch(() => undefined)),
            ),
          ),
        ),
    );
  }
  if (event.data && event.data.type === 'clear-personal') {
    event.waitUntil(
      clearPersonal().then(() => {
        if (event.source) event.source.postMessage({ type: 'personal-cleared' });
      }),
    );
  }
});

/** Network first; without a network, the shell, whose router shows the page asked for. */
async function navigate(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Fingerprinted files never change: the cache first, the network once. */
async function shellFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function savePersonal(request, response, owner, startedIn) {
  const body = await response.arrayBuffer();
  if (startedIn !== generation) return;
  const cache = await caches.open(PERSONAL_CACHE);
  const stored = await cache.match(OWNER_KEY);
  if (stored && (await stored.text()) !== owner) {
    await clearPersonal();
    return savePersonal(request, new Response(body, response), owner, generation);
  }
  if (!stored) await cache.put(OWNER_KEY, new Response(owner));
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  if (startedIn !== generation) return;
  await cache.put(request, new Response(body, { status: response.status, headers }));
  const keys = await cache.keys();
  const answers = keys.filter((key) => !key.url.endsWith(OWNER_KEY));
  await Promise.all(
    answers.slice(0, Math.max(0, answers.length - PERSONAL_LIMIT)).map((key) => cache.delete(key)),
  );
}

/** Network first; the saved answer only when the network fails. */
async function personal(event, owner) {
  const { request } = event;
  const startedIn = generation;
  let response;
  try {
    response = await fetch(request);
  } catch {
    const cache = await caches.open(PERSONAL_CACHE);
    const stored = await cache.match(OWNER_KEY);
    const saved =
      stored && (await stored.text()) === owner
        ? await cache.match(request, { ignoreVary: true })
        : null;
    return saved || Response.error();
  }
  if (response.status === 401 || response.status === 403) {
    event.waitUntil(clearPersonal());
  } else if (response.status === 200) {
    event.waitUntil(savePersonal(request, response.clone(), owner, startedIn));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  if (SHELL_FILES.test(url.pathname)) {
    event.respondWith(shellFile(request));
    return;
  }
  for (const pattern of PERSONAL_ANSWERS) {
    const match = pattern.exec(url.pathname);
    if (match) {
      event.respondWith(personal(event, decodeURIComponent(match[1])));
      return;
    }
  }
});
