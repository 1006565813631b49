import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import { routedPath } from '../lib/request-path';

/** The requests the ceiling counts: the API's and the development mail box's. */
const LIMITED_PATH = /^\/(api|dev)\//;

/**
 * Redis as the shared count, failing fast: while it is away a command fails at once (no offline
 * queue, no retries), so the limit is skipped instead of every request waiting for Redis
 * (ioredis's defaults held one for 73 s, then answered 500). Karta without a per-IP ceiling for
 * a while is better than Karta down: the limits that guard accounts live in PostgreSQL.
 * ioredis (about 20 MB resident) is loaded here, so only when REDIS_URL is set (decision 045).
 */
async function connectLimitStore(app: FastifyInstance, url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  let isDown = false;
  redis.on('error', (error: Error) => {
    if (isDown) return;
    isDown = true;
    app.log.warn({ reason: error.message }, 'request limit store unreachable: not limiting');
  });
  redis.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    app.log.info('request limit store back: limiting again');
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => {
      redis.disconnect();
    });
  });
  return redis;
}

/**
 * A per-IP ceiling on every request under /api/ and /dev/, in memory for one process or in Redis
 * when several share the load. Finer limits (codes, failed sign-ins) live in the services that
 * know the account.
 *
 * One app-wide onRequest hook rather than the plugin's per-route one (`global: false`): app-wide
 * hooks run before a route's own, so a request its guard refuses (403) is counted too (the
 * per-route hook ran after the guards and never saw those), and so is a 404 under /api/. Whether
 * a request counts is decided on the path the router took (routedPath), never on the URL as
 * sent: `/%61pi/v1/...` reaches the same route as `/api/v1/...` and is counted as it.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { max: number; redisUrl: string | undefined }) => {
    const redis = options.redisUrl ? await connectLimitStore(app, options.redisUrl) : undefined;
    await app.register(rateLimit, {
      global: false,
      max: options.max,
      timeWindow: '1 minute',
      ...(redis ? { redis, skipOnError: true } : {}),
      // The web app's own files are not requests to limit: one page load fetches a dozen.
      allowList: (request) => !LIMITED_PATH.test(routedPath(request)),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', 'Too many requests. Please slow down and try again shortly.', {
          retryAfterSeconds: Math.ceil(context.ttl / 1000),
        }),
    });
    const limit = app.rateLimit();
    app.addHook('onRequest', async (request, reply) => {
      // The client hung up before the limit ran (a fetch the page aborted, a navigation away, a
      // phone that lost the network): the socket's address is gone with it, and the plugin's
      // key of `request.ip` threw a TypeError into the log on ordinary page loads.
      // Nobody is there to answer, and doing the work uncounted would let hung-up requests
      // slip past the limit: stop here.
      // Typed string, but Node's socket.remoteAddress is undefined once the socket is gone.
      const ip = request.ip as string | undefined;
      if (ip === undefined) {
        reply.hijack();
        reply.raw.destroy();
        return;
      }
      await limit.call(app, request, reply);
    });
  },
);
