import { pageOf, PageQuerySchema } from '@karta/shared/schemas/common';
import {
  RateChangeIdParamsSchema,
  RateChangeRequestSchema,
  ReturnRateChangeInputSchema,
} from '@karta/shared/schemas/rate-change-requests';
import type { ZodApp } from '../../lib/declare-route';
import { staffRoutes } from '../../lib/json-routes';
import {
  confirmRateChange,
  listWaitingRateChanges,
  returnRateChange,
} from './rate-change-requests.service';

/**
 * Rates that wait for a second person (decision 049), beside the publish that holds them back:
 * the same access as publishing a rate (operators and admins), since confirming one publishes
 * it.
 */
export function rateChangeRequestRoutes(app: ZodApp) {
  const { route } = staffRoutes(app, 'catalog admin');

  route.get('/rate_changes', {
    operationId: 'listRateChanges',
    summary:
      'The rate changes waiting for a second staff member, oldest first: card and ' +
      'subcategory, the rate in force when asked (from_rate), the rate asked (to_rate), the ' +
      'rate in force now, the move in percent, who asked and when',
    input: { querystring: PageQuerySchema },
    answers: pageOf(RateChangeRequestSchema),
    message: 'Rate changes waiting for a second approval',
    handle: (request) => listWaitingRateChanges(app.ctx, request.query),
  });

  route.post('/rate_changes/:id/confirm', {
    operationId: 'confirmRateChange',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'NOT_INDEPENDENT', 'SAME_APPROVER', 'STALE'] },
    summary:
      'Confirm a waiting rate change: it is published as any rate is (history, rate alerts). ' +
      'Not by the one who asked, nor by someone not independent of them (409); refused (409) ' +
      'when it is no longer waiting or the rate in force has moved since it was asked',
    input: { params: RateChangeIdParamsSchema },
    answers: RateChangeRequestSchema,
    message: (change) => `Rate for ${change.label} published.`,
    handle: (request, actor) => confirmRateChange(app.ctx, { actor, requestId: request.params.id }),
  });

  route.post('/rate_changes/:id/return', {
    operationId: 'returnRateChange',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary:
      'Send a waiting rate change back with a reason (1–500 characters): nothing is ' +
      'published. Anyone may, the one who asked included',
    input: { params: RateChangeIdParamsSchema, body: ReturnRateChangeInputSchema },
    answers: RateChangeRequestSchema,
    message: (change) => `Rate change for ${change.label} sent back.`,
    handle: (request, actor) =>
      returnRateChange(app.ctx, {
        actor,
        requestId: request.params.id,
        reason: request.body.reason,
      }),
  });
}
