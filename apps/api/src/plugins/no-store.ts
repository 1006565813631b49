import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routedPath } from '../lib/request-path';

/**
 * API answers carry personal data and tokens (profiles, trades, wallets, the access token on
 * login and refresh), so no cache, shared or the browser's own disk, may keep them. The default
 * is `no-store` for everything under /api/v1 (and the development mail box); a route that means
 * to be cached (public catalog art and images) sets its own Cache-Control, which is kept.
 * Decided on the path the router took (routedPath), so `/%61pi/v1/...` is no-store like
 * `/api/v1/...`.
 */
const PRIVATE_PREFIXES = ['/api/v1/', '/dev/'];

export const noStorePlugin = fp((app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      !reply.hasHeader('cache-control') &&
      PRIVATE_PREFIXES.some((prefix) => routedPath(request).startsWith(prefix))
    ) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
