import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PayoutAlertIdParamsSchema,
  PayoutAlertSchema,
  ResolvePayoutAlertInputSchema,
} from '@karta/shared/schemas/console-overview';
import { staffRoutes } from '../../lib/json-routes';
import { resolvePayoutAlert } from './resolve-payout-alert';

/** `/api/v1/admin/payout_alerts`: what the overview raises, closed by an admin with a note. */
export const payoutAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminRoute } = staffRoutes(app, 'overview');

  adminRoute.post('/:id/resolve', {
    operationId: 'resolvePayoutAlert',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary:
      'Admin only: mark a payout alert resolved with a note saying what was done (audited on the withdrawal); a resolved alert answers 409',
    input: { params: PayoutAlertIdParamsSchema, body: ResolvePayoutAlertInputSchema },
    answers: PayoutAlertSchema,
    message: 'Alert resolved.',
    handle: (request, actor) =>
      resolvePayoutAlert(app.ctx, { actor, alertId: request.params.id, input: request.body }),
  });
};
