import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@karta/shared/schemas/common';
import { AppError } from '../../lib/app-error';
import { declareRoute } from '../../lib/declare-route';
import { responses, success } from '../../lib/http';
import { publicAccess } from '../../lib/route-access';
import { isDatabaseUnavailable } from '../../lib/pg-errors';

const uptimeSeconds = () => Math.round(process.uptime());

const HealthSchema = successEnvelope(z.object({ uptime_seconds: z.number() }));

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database does). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const probe = (url: string, operationId: string, summary: string) => ({
    method: 'GET' as const,
    url,
    operationId,
    tags: ['health'],
    access: publicAccess,
    summary,
    response: responses(HealthSchema),
    logLevel: 'warn' as const,
  });

  declareRoute(app, {
    ...probe('/healthz', 'checkLiveness', 'Liveness: the process answers'),
    handler: () => Promise.resolve(success('ok', { uptime_seconds: uptimeSeconds() })),
  });

  declareRoute(app, {
    ...probe('/readyz', 'checkReadiness', 'Readiness: the database answers too'),
    refuses: { 503: [] },
    handler: async () => {
      try {
        await app.ctx.db.execute(sql`select 1`);
      } catch (cause) {
        // Away (a restart, an outage): the error handler's 503, with Retry-After, like any
        // request that needs the database. Anything else is not ready either.
        if (isDatabaseUnavailable(cause)) throw cause;
        throw new AppError('UNAVAILABLE', 'The database is not reachable.', { cause });
      }
      return success('ready', { uptime_seconds: uptimeSeconds() });
    },
  });
};
