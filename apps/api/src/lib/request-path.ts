import type { FastifyRequest } from 'fastify';

/** `http://host:port` in front of an absolute-form request target (RFC 9112 §3.2.2). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * A raw request target as a path to decide by: the origin of an absolute-form target dropped,
 * the query and fragment cut, percent-escapes decoded as the router decodes them (`decodeURI`:
 * `%61` is `a`, while `%2F`, `%3F`, `%25` stay escaped, so a segment never gains a `/`),
 * duplicate slashes made one and dot segments resolved (RFC 3986 §5.2.4). Case is kept: the
 * router matches it exactly. A target that is not valid percent-encoding keeps its escapes (the
 * router answers it 400 anyway).
 */
export function normalisedPath(target: string): string {
  const withoutOrigin = target.startsWith('/') ? target : target.replace(ORIGIN, '');
  const end = withoutOrigin.search(/[?#]/);
  const raw = end < 0 ? withoutOrigin : withoutOrigin.slice(0, end);
  let decoded = raw;
  try {
    // `%25` stays `%25`, as in the router: `%2561` is the text `%61`, never a second `a`.
    decoded = decodeURI(raw.replaceAll('%25', '%2525'));
  } catch {
    // Malformed escapes: decide on the text as sent.
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = /\/\.{0,2}$/.test(decoded) && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

/**
 * The one path every plugin that decides by path uses (rate limit, Cache-Control, the web app's
 * fallback, the log line): the pattern of the route the router chose (`/api/v1/user/:user_id`),
 * so `/%61pi/v1/...`, `http://host/api/v1/...` and `/api/v1/x/` are decided exactly as the route
 * they reach; with no route matched, the target normalised (normalisedPath). Never compare
 * `request.url` or `raw.url`: they are the bytes the client chose to send.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? normalisedPath(request.url);
}
