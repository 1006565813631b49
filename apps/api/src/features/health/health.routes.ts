import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@karta/shared/schemas/common';
import { AppError } from '../../lib/app-error';
import { responses, success } from '../../lib/http';

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
        throw new AppError('UNAVAILABLE', 'The database is not reachable.', { cause });
      }
      return success('ready', { uptime_seconds: Math.round(process.uptime()) });
    },
  );
};
