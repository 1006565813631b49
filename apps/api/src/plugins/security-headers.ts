import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { INLINE_SCRIPTS } from '@karta/shared/inline-scripts';

/**
 * The web app's two inline scripts, allowed by their SHA-256 and nothing else inline
 * (decision 074): the held guest-form submit and the dashboard's early requests.
 */
const INLINE_SCRIPT_HASHES = INLINE_SCRIPTS.map(
  (source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`,
);

/** Helmet's default: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet's middleware sets, worked out once: with these options none depends on the
 * request, and running the middleware on each request (a dozen chained steps, the CSP text built
 * again each time) was 8% of a signed-in GET's main thread (the profile of current_user behind decision 044).
 */
function helmetHeaders(setHeaders: ReturnType<typeof helmet>): [string, string][] {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  const outcome: { error?: unknown; done: boolean } = { done: false };
  setHeaders(request, response, (error?: unknown) => {
    outcome.error = error;
    outcome.done = true;
  });
  // Helmet calls back synchronously; one that did not would leave the list incomplete.
  if (!outcome.done || outcome.error !== undefined)
    throw new Error('helmet did not set its headers');
  return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]);
}

/**
 * Helmet's headers, worked out once at start (helmetHeaders). (@fastify/helmet builds the
 * middleware again on every request, which halved a bare route's throughput in our benchmark.)
 * HSTS only over HTTPS: RFC 6797 §7.2 forbids it over plain HTTP (where an attacker could add or
 * strip it anyway). Behind a proxy, TRUST_PROXY makes request.protocol follow X-Forwarded-Proto.
 */
export const securityHeadersPlugin = fp((app: FastifyInstance) => {
  const setHeaders = helmet({
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest, both from this origin (041).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  const headers = helmetHeaders(setHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
