import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, PageQuerySchema } from '@karta/shared/schemas/common';
import {
  DeleteRateAlertInputSchema,
  RateAlertInputSchema,
  RateAlertSchema,
} from '@karta/shared/schemas/rate-alerts';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { AppError } from '../../lib/app-error';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess, signedInAccess } from '../../lib/route-access';
import { deleteUserRateAlert, listUserRateAlerts, saveUserRateAlert } from './rate-alerts.service';

const tags = ['rate alerts'];

/** Rate alerts (decision 039): "tell me when this rate goes up to ₦…". */
export const rateAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags, access: ownAccountAccess(app) });
  // Like the beneficiary delete, the body names the account: checked in the handler.
  const deleteRoute = jsonRoutes(app, { tags, access: signedInAccess(app) });

  route.get('/rate_alerts/:user_id', {
    operationId: 'listRateAlerts',
    summary:
      "The user's rate alerts, oldest first, each with its card, subcategory, target, the " +
      'rate now and when it last fired',
    input: { params: UserIdParamsSchema, querystring: PageQuerySchema },
    answers: pageOf(RateAlertSchema),
    message: 'Rate alerts',
    handle: (request, user) =>
      listUserRateAlerts(app.ctx, { userId: user.id, page: request.query }),
  });

  route.post('/rate_alerts/:user_id', {
    operationId: 'setRateAlert',
    refuses: { 400: ['LIMIT_EXCEEDED'], 404: [] },
    summary:
      "Be told (a notice and a mail) when a subcategory's rate goes up to `rate`; a second " +
      'call for the same subcategory changes the target. The target must be above the rate ' +
      'now; at most 20 alerts',
    input: { params: UserIdParamsSchema, body: RateAlertInputSchema },
    answers: RateAlertSchema,
    message: 'Rate alert saved.',
    handle: (request, user) =>
      saveUserRateAlert(app.ctx, {
        userId: user.id,
        subcategoryId: request.body.subcategory_id,
        rate: request.body.rate,
      }),
  });

  deleteRoute.post('/delete_rate_alert', {
    operationId: 'deleteRateAlert',
    refuses: { 404: [] },
    summary: 'Delete one of the user’s rate alerts',
    input: { body: DeleteRateAlertInputSchema },
    answers: z.null(),
    message: 'Rate alert deleted.',
    handle: async (request, user) => {
      if (request.body.user_id !== user.id) {
        throw new AppError('FORBIDDEN', 'You can only act on your own account.');
      }
      await deleteUserRateAlert(app.ctx, { userId: user.id, alertId: request.body.rate_alert_id });
      return null;
    },
  });
};
