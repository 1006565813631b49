// The Karta API's client: openapi-fetch over the types generated from the API's OpenAPI document
// (src/schema.ts, written by `npm run contract`; README.md). Nothing here describes a payload:
// every request and answer is typed by `paths`, so the client changes when the document does.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

/**
 * Where the refresh cookie lives between calls. A browser keeps it itself (HttpOnly); a mobile
 * app or a script keeps it here, and persists it (secure storage) if a session should outlive
 * the process. `memoryCookieJar()` is the default.
 */
export interface CookieJar {
  /** The `Cookie` header to send, or undefined when there is nothing to send. */
  header(): string | undefined;
  /** Takes a response's `Set-Cookie` lines: a new value replaces the old, an expired one goes. */
  store(setCookies: readonly string[]): void;
}

export interface KartaClientOptions {
  /** The API's origin, such as `https://karta.ng`: the document's paths begin with `/api/v1`. */
  baseUrl: string;
  /** The access token to send from the first call (signIn's `token`); `setAccessToken` changes it. */
  accessToken?: string;
  /**
   * Where the refresh cookie is kept: a jar of your own, the in-memory default, or `false` where
   * the platform's HTTP stack keeps cookies itself (a browser; React Native's native cookie store).
   */
  cookies?: CookieJar | false;
  /** The fetch to call (tests, instrumentation); globalThis.fetch by default. */
  fetch?: (input: Request) => Promise<Response>;
}

export interface KartaClient extends Client<paths, 'application/json'> {
  /** The token sent in `Authorization` from now on (signIn's or refreshSession's), or null for none. */
  setAccessToken(token: string | null): void;
  /** The jar the refresh cookie is kept in, or undefined when the platform keeps cookies. */
  readonly cookies: CookieJar | undefined;
}

export function createKartaClient(options: KartaClientOptions): KartaClient {
  let accessToken = options.accessToken ?? null;
  const cookies = options.cookies === false ? undefined : (options.cookies ?? memoryCookieJar());
  // `data` is typed from the JSON answer, which is what openapi-fetch reads by default: an
  // operation that can also answer a file (getDailyBooks' CSV) stays one shape, not JSON | Blob.
  // A file is read with `parseAs: 'text' | 'blob' | 'arrayBuffer'`, which types it by itself.
  const client = createClient<paths, 'application/json'>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(sessionMiddleware(() => accessToken, cookies));
  return {
    ...client,
    setAccessToken(token) {
      accessToken = token;
    },
    cookies,
  };
}

/**
 * Sends the access token as the API takes it (the raw token in `Authorization`, as the web app
 * sends it; `Bearer <token>` works too) and, with a jar, the refresh cookie both ways. No `Origin`
 * and no `Sec-Fetch-Site` are added: refresh and sign-out refuse a request whose Origin names
 * another host or whose Sec-Fetch-Site says cross-site, and a client that sends neither is not a
 * browser (apps/api/src/features/sessions/refresh-cookie.ts).
 */
function sessionMiddleware(token: () => string | null, cookies: CookieJar | undefined): Middleware {
  return {
    onRequest({ request }) {
      const current = token();
      if (current !== null && !request.headers.has('Authorization')) {
        request.headers.set('Authorization', current);
      }
      const cookie = cookies?.header();
      if (cookie !== undefined && !request.headers.has('Cookie')) {
        request.headers.set('Cookie', cookie);
      }
      return request;
    },
    onResponse({ response }) {
      cookies?.store(response.headers.getSetCookie());
      return undefined;
    },
  };
}

/** A cookie jar for one API origin, in memory: name to value, expired cookies dropped. */
export function memoryCookieJar(): CookieJar {
  const values = new Map<string, string>();
  return {
    header() {
      if (values.size === 0) return undefined;
      return [...values].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    store(setCookies) {
      for (const line of setCookies) {
        const parsed = parseSetCookie(line);
        if (!parsed) continue;
        if (parsed.expired) values.delete(parsed.name);
        else values.set(parsed.name, parsed.value);
      }
    },
  };
}

/**
 * The name, value and whether a `Set-Cookie` line removes its cookie: an empty value, `Max-Age`
 * of zero or less, or `Expires` in the past (how the API clears the refresh cookie at sign-out).
 */
function parseSetCookie(line: string) {
  const [pair = '', ...attributes] = line.split(';');
  const equals = pair.indexOf('=');
  if (equals <= 0) return undefined;
  const name = pair.slice(0, equals).trim();
  const value = pair.slice(equals + 1).trim();
  let expired = value === '';
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const argument = rest.join('=').trim();
    const lower = key.trim().toLowerCase();
    if (lower === 'max-age' && Number(argument) <= 0) expired = true;
    if (lower === 'expires' && Date.parse(argument) <= Date.now()) expired = true;
  }
  return { name, value, expired };
}

/** What a multipart field can hold: text, a number or flag sent as text, files. */
type FormValue = string | number | boolean | Blob | readonly Blob[] | null | undefined;

/**
 * A `bodySerializer` for the multipart operations (createTrade, answerTradeQuestion,
 * uploadRejectionProof, uploadCardImage): the body is still typed by the document, and sent as
 * FormData, one part per field and one per file (an array of files repeats its field's name, as
 * the API reads `images`). fetch writes the boundary. Absent fields are left out.
 */
export function multipart(body: Readonly<Record<string, FormValue>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value);
    else if (typeof value === 'object') for (const file of value) form.append(name, file);
    else form.append(name, String(value));
  }
  return form;
}
