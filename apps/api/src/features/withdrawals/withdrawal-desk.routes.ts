import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '@karta/shared/schemas/common';
import {
  DeskWithdrawalDetailSchema,
  DeskWithdrawalSchema,
  FailWithdrawalInputSchema,
  WithdrawalDeskQuerySchema,
  WithdrawalDeskSummarySchema,
  WithdrawalIdParamsSchema,
} from '@karta/shared/schemas/withdrawal-desk';
import { idempotencyKeyHeaders } from '../../lib/idempotency-key';
import { staffRoutes } from '../../lib/json-routes';
import { failWithdrawal } from './fail-withdrawal';
import { recheckWithdrawal } from './recheck-withdrawal';
import { getDeskSummary, getDeskWithdrawal, listDeskWithdrawals } from './withdrawal-desk.service';

/** The money desk (decisions 019 and 052): operators watch and re-check payouts; admins fail and refund. */
export const withdrawalDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, adminRoute } = staffRoutes(app, 'money desk');

  route.get('/', {
    operationId: 'listDeskWithdrawals',
    summary:
      'Every seller’s withdrawals newest first, 20 a page: by status (or reversed, stuck) and by reference, account number or e-mail',
    input: { querystring: WithdrawalDeskQuerySchema },
    answers: pageOf(DeskWithdrawalSchema),
    message: 'Withdrawals',
    handle: (request) => listDeskWithdrawals(app.ctx, request.query),
  });

  route.get('/summary', {
    operationId: 'getWithdrawalSummary',
    summary: 'Stuck payouts (processing over an hour) and open payout alerts, for the overview',
    answers: WithdrawalDeskSummarySchema,
    message: 'Payout summary',
    handle: () => getDeskSummary(app.ctx),
  });

  route.get('/:id', {
    operationId: 'getDeskWithdrawal',
    refuses: { 404: [] },
    summary: 'One withdrawal: seller, account, amounts, ledger movements and its payout timeline',
    input: { params: WithdrawalIdParamsSchema },
    answers: DeskWithdrawalDetailSchema,
    message: 'Withdrawal',
    handle: (request) => getDeskWithdrawal(app.ctx, request.params.id),
  });

  route.post('/:id/recheck', {
    operationId: 'recheckWithdrawal',
    refuses: { 404: [] },
    summary: 'Ask the provider now and apply its answer (audited)',
    input: { params: WithdrawalIdParamsSchema },
    answers: DeskWithdrawalDetailSchema,
    message: (found) => `Re-checked with the provider: the withdrawal is ${found.status}.`,
    handle: (request, actor) =>
      recheckWithdrawal(app.ctx, { actor, withdrawalId: request.params.id }),
  });

  adminRoute.post('/:id/fail', {
    operationId: 'failWithdrawal',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'WRONG_STATUS'] },
    summary:
      'Admin only: fail a payout the provider reports failed or returned, or never saw while it was never sent, and refund the wallet once (pending or paid: 409; no answer: 503); an Idempotency-Key header is required (same key and reason → same answer, another reason → 409)',
    input: {
      params: WithdrawalIdParamsSchema,
      headers: idempotencyKeyHeaders('fail-and-refund'),
      body: FailWithdrawalInputSchema,
    },
    answers: DeskWithdrawalDetailSchema,
    message: 'Payout failed and the money returned to the seller’s wallet.',
    handle: (request, actor) =>
      failWithdrawal(app.ctx, {
        actor,
        withdrawalId: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
      }),
  });
};
