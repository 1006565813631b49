import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deprecation } from './route-contract';

/**
 * How long a deprecated route keeps answering after it is marked (docs/api.md#versioning): an
 * installed app that is never updated still has half a year of working calls.
 */
const DEPRECATION_MIN_DAYS = 180;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (text: string, what: string) => {
  const time = Date.parse(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(time)) {
    throw new Error(`a deprecation's ${what} must be a day, YYYY-MM-DD: ${text}`);
  }
  return time;
};

/**
 * The onSend hook of a deprecated route: every answer says so, in the headers RFC 9745
 * (`Deprecation: @<unix seconds>`) and RFC 8594 (`Sunset: <HTTP date>`) define, and names the
 * successor in `Link` (RFC 8288, `successor-version`). Refuses at startup a sunset sooner than
 * DEPRECATION_MIN_DAYS after the deprecation, so no route can be taken away in a hurry.
 */
export function deprecationHeaders(url: string, deprecation: Deprecation) {
  const since = dayOf(deprecation.since, 'since');
  const sunset = dayOf(deprecation.sunset, 'sunset');
  if (sunset - since < DEPRECATION_MIN_DAYS * DAY_MS) {
    throw new Error(
      `${url}: its sunset (${deprecation.sunset}) must be at least ${String(DEPRECATION_MIN_DAYS)} days after it was deprecated (${deprecation.since})`,
    );
  }
  const headers: Record<string, string> = {
    deprecation: `@${String(since / 1000)}`,
    sunset: new Date(sunset).toUTCString(),
    ...(deprecation.successor && {
      link: `<${deprecation.successor}>; rel="successor-version"`,
    }),
  };
  return (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    void reply.headers(headers);
    return Promise.resolve(payload);
  };
}
