import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

/**
 * A per-IP ceiling on every request, in memory for one process or in Redis when several share
 * the load. Finer limits (codes, failed sign-ins) live in the services that know the account.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { max: number; redisUrl: string | undefined }) => {
    const redis = options.redisUrl ? new Redis(options.redisUrl) : undefined;
    if (redis) {
      app.addHook('onClose', async () => {
        await redis.quit();
      });
    }
    await app.register(rateLimit, {
      max: options.max,
      timeWindow: '1 minute',
      ...(redis ? { redis } : {}),
      // The web app's own files are not requests to limit: one page load fetches a dozen.
      allowList: (request) => !/^\/(api|dev)\//.test(request.url),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', 'Too many requests. Please slow down and try again shortly.', {
          retryAfterSeconds: Math.ceil(context.ttl / 1000),
        }),
    });
  },
);
