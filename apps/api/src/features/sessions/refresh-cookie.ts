import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/**
 * The refresh token travels only in this cookie: HttpOnly, SameSite=Strict, and over HTTPS
 * `__Host-`-prefixed and Secure, which pins it to this exact origin.
 */
const PLAIN_NAME = 'karta_refresh';
const HOST_NAME = '__Host-karta_refresh';

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  const secure = isHttps(request);
  void reply.setCookie(secure ? HOST_NAME : PLAIN_NAME, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
  const secure = isHttps(request);
  void reply.clearCookie(secure ? HOST_NAME : PLAIN_NAME, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
  });
}

/**
 * Only the name this scheme issues: over HTTPS the `__Host-` one, whose prefix the browser
 * guarantees (set Secure, by this host, for path /, so no sibling subdomain and no plain-HTTP
 * page could have planted it); a plain `karta_refresh` there could have been planted by either,
 * so it is not read. Over plain HTTP (development) only the plain name: a browser never sends a
 * Secure cookie there. HTTPS is request.protocol, as everywhere (TRUST_PROXY: X-Forwarded-Proto).
 */
export const readRefreshCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[isHttps(request) ? HOST_NAME : PLAIN_NAME];

/**
 * Refresh and sign-out change session state from a cookie alone, so a page on another site must
 * not be able to trigger them: browsers say where a request comes from in Sec-Fetch-Site and
 * Origin. Clients that send neither (mobile apps, curl) are not browsers and carry no ambient
 * cookie risk.
 */
export function assertSameOrigin(request: FastifyRequest) {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw crossSite();
  }
  const origin = request.headers.origin;
  if (
    typeof origin === 'string' &&
    hostOf(origin) !== hostOf(`${request.protocol}://${request.host}`)
  ) {
    throw crossSite();
  }
}

const crossSite = () => new AppError('FORBIDDEN', 'Cross-site requests are not allowed here.');

/** host[:port] with default ports dropped, so http://x:80 and http://x agree; null if unparsable. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
