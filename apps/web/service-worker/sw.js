/* Karta's service worker (decisions 041 and 053). The web build copies it to dist/sw.js and fills
 * in the two placeholders (scripts/service-worker.mjs): the build's version and the shell's files.
 *
 * What it keeps, where, and until when:
 * - "karta-shell-<version>": index.html, the dashboard's page (served first for /dashboard
 *   addresses, decision 074) and the files they load (at install), then every other
 *   fingerprinted file under /assets/ the app loads, the manifest and the icons (when first
 *   fetched). Nothing personal. A new version's caches replace the old ones on activation.
 * - "karta-personal-<session key>": the seller's own GET answers of the trade and withdrawal
 *   lists and details (/api/v1/trade/fetch_trade/{user_id},
 *   /api/v1/transaction/fetch_withdrawal_request/{user_id}), saved and served only for requests
 *   that carry the session's key (the x-karta-session header the app sends: a random id made at
 *   sign-in, never the token), served only when the network fails, and never to a request
 *   without that key. One session's cache at a time: saving for a session drops every other.
 *   Emptied when the app says so (sign-out, online or not; a session that could not be
 *   restored; a new sign-in) and on a 401/403 answer to one of them. Never: sign-in, refresh,
 *   current_user, mail, anything but GET.
 */
const VERSION = '__KARTA_VERSION__';
/** @type {string[]} */
const PRECACHE = /** @type {any} */ ('__KARTA_PRECACHE__');

const SHELL_CACHE = `karta-shell-${VERSION}`;
/** Every personal cache's name starts so; the one without a key is an older version's. */
const PERSONAL_PREFIX = 'karta-personal';
/** The request header naming the session (lib/session/session-key.ts). */
const SESSION_HEADER = 'x-karta-session';
/** What the app makes: 128 random bits, base64url. Anything else is no session. */
const SESSION_KEY = /^[A-Za-z0-9_-]{22}$/;
/** When an answer was saved; the app's offline banner reads it. */
const SAVED_AT_HEADER = 'x-karta-saved-at';
const PERSONAL_ANSWERS = [
  /^\/api\/v1\/trade\/fetch_trade\/[^/]+$/,
  /^\/api\/v1\/transaction\/fetch_withdrawal_request\/[^/]+$/,
];
/** A seller reading offline needs the last pages seen, not every filter ever tried. */
const PERSONAL_LIMIT = 60;
const SHELL_FILES = /^\/(assets\/|icons\/|manifest\.webmanifest$|favicon\.svg$)/;

const personalCacheOf = (sessionKey) => `${PERSONAL_PREFIX}-${sessionKey}`;

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
            .filter(
              (name) =>
                (name.startsWith('karta-shell-') && name !== SHELL_CACHE) ||
                // An older version's personal cache, saved for no session in particular.
                name === PERSONAL_PREFIX,
            )
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Deletes every personal cache but `keep` (a session's own, when it saves). */
async function clearPersonal(keep) {
  if (keep === undefined) generation += 1;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(PERSONAL_PREFIX) && name !== keep)
      .map((name) => caches.delete(name)),
  );
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
  // An answer the app got from the session refresh (the dashboard's first trades, decision
  // 077), which no request through this worker brought: kept as if fetched, under the same rules.
  if (event.data && event.data.type === 'keep-answer') {
    const { url, sessionKey, body } = event.data;
    if (typeof url !== 'string' || typeof body !== 'string') return;
    if (typeof sessionKey !== 'string' || !SESSION_KEY.test(sessionKey)) return;
    const parsed = new URL(url, self.location.href);
    if (parsed.origin !== self.location.origin) return;
    if (!PERSONAL_ANSWERS.some((pattern) => pattern.test(parsed.pathname))) return;
    const answer = new Response(body, { headers: { 'content-type': 'application/json' } });
    event.waitUntil(savePersonal(new Request(parsed.href), answer, sessionKey, generation));
  }
  if (event.data && event.data.type === 'clear-personal') {
    event.waitUntil(
      clearPersonal().then(() => {
        if (event.source) event.source.postMessage({ type: 'personal-cleared' });
      }),
    );
  }
});

/** The dashboard's page (dashboard-shell.html, the same for every /dashboard address). */
const DASHBOARD_PAGE = '/dashboard';

/**
 * A /dashboard address: the saved dashboard page at once, the network only to keep it fresh
 * (decision 074). It holds nothing personal (its frame, a skeleton, the script that asks for
 * the session) and names only this version's files, which this version's cache holds: on a slow
 * network it saves the page's round trip before anything else can start.
 */
async function dashboardPage(event) {
  const cache = await caches.open(SHELL_CACHE);
  const saved = await cache.match(DASHBOARD_PAGE);
  if (!saved) return navigate(event.request);
  event.waitUntil(
    fetch(DASHBOARD_PAGE)
      .then((response) => (response.ok ? cache.put(DASHBOARD_PAGE, response) : undefined))
      .catch(() => undefined),
  );
  return saved;
}

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

async function savePersonal(request, response, sessionKey, startedIn) {
  const body = await response.arrayBuffer();
  if (startedIn !== generation) return;
  const name = personalCacheOf(sessionKey);
  // One session's answers at a time: any other session's go.
  await clearPersonal(name);
  const cache = await caches.open(name);
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  if (startedIn !== generation) return;
  await cache.put(request, new Response(body, { status: response.status, headers }));
  const keys = await cache.keys();
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - PERSONAL_LIMIT)).map((key) => cache.delete(key)),
  );
}

/** The answer the session saved for this request, if any (without creating an empty cache). */
async function savedFor(request, sessionKey) {
  const name = personalCacheOf(sessionKey);
  if (!(await caches.has(name))) return undefined;
  return (await caches.open(name)).match(request, { ignoreVary: true });
}

/** Network first; the session's saved answer only when the network fails. */
async function personal(event, sessionKey) {
  const { request } = event;
  const startedIn = generation;
  let response;
  try {
    response = await fetch(request);
  } catch {
    return (await savedFor(request, sessionKey)) || Response.error();
  }
  if (response.status === 401 || response.status === 403) {
    event.waitUntil(clearPersonal());
  } else if (response.status === 200) {
    event.waitUntil(savePersonal(request, response.clone(), sessionKey, startedIn));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    const isDashboard = url.pathname === DASHBOARD_PAGE || url.pathname.startsWith('/dashboard/');
    event.respondWith(isDashboard ? dashboardPage(event) : navigate(request));
    return;
  }
  if (SHELL_FILES.test(url.pathname)) {
    event.respondWith(shellFile(request));
    return;
  }
  if (PERSONAL_ANSWERS.some((pattern) => pattern.test(url.pathname))) {
    // Without the session's key the request goes to the network as if there were no worker:
    // nothing saved is ever served to it, and its answer is not saved.
    const sessionKey = request.headers.get(SESSION_HEADER);
    if (sessionKey && SESSION_KEY.test(sessionKey)) event.respondWith(personal(event, sessionKey));
  }
});
