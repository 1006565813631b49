import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@karta/shared/schemas/common';
import { AppError } from '../../lib/app-error';
import { responses, success } from '../../lib/http';
import { isDatabaseUnavailable } from '../../lib/pg-errors';

const HealthSchema = successEnvelope(z.object({ uptime_seconds: z.number() }));

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database does). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: responses(HealthSchema) }, logLevel: 'warn' },
    () => success('ok', { uptime_seconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: responses(HealthSchema) }, logLevel: 'warn' },
    async () => {
      try {
        await app.ctx.db.execute(sql`select 1`);
      } catch (cause) {
        // Away (a restart, an outage): the error handler's 503, with Retry-After, like any
        // request that needs the database. Anything else is not ready either.
        if (isDatabaseUnavailable(cause)) throw cause;
        throw new AppError('UNAVAILABLE', 'The database is not reachable.', { cause });
      }
      return success('ready', { uptime_seconds: Math.round(process.uptime()) });
    },
  );
};
