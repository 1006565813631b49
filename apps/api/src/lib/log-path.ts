import type { FastifyRequest } from 'fastify';
import { normalisedPath } from './request-path';

/** A segment an unmatched path keeps: a word such as `api`, `v1`, `fetch_trade`; or a uuid. */
const WORD = /^[A-Za-z_-][A-Za-z0-9_-]{0,63}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The path a request's log line shows, never what a client wrote into it: path segments are
 * client text and can hold anything (an e-mail address, a token, a phone number), like the
 * query, which is never shown. A matched route shows its pattern (`/api/v1/user/:user_id`);
 * any other path (decoded and normalised as the router reads it) keeps its words and uuids and
 * shows `*` for every other segment.
 */
export function pathForLog(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route !== undefined && !route.includes('*')) return route;
  return normalisedPath(request.url)
    .split('/')
    .map((segment) => (segment === '' || WORD.test(segment) || UUID.test(segment) ? segment : '*'))
    .join('/');
}
