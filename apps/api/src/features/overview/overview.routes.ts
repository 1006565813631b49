import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConsoleOverviewSchema } from '@karta/shared/schemas/console-overview';
import { staffRoutes } from '../../lib/json-routes';
import { getOverview } from './overview.service';

/** `/api/v1/admin/overview`: the console's first page (decision 022). */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = staffRoutes(app, 'overview');

  route.get('/', {
    operationId: 'getOverview',
    summary:
      'Live figures from running totals: trades waiting and the oldest wait, today’s (Lagos day) decisions with median and 90th-percentile time to decision (upper edge of a 1-minute bucket up to 2 h, 10-minute up to a day, 1-hour beyond), naira credited, referral rewards, payouts in flight with the float they need, stuck payouts, paid and failed today, new sellers, open payout alerts',
    answers: ConsoleOverviewSchema,
    message: 'Overview',
    handle: () => getOverview(app.ctx),
  });
};
