import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '@karta/shared/schemas/common';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import {
  WithdrawalListQuerySchema,
  WithdrawalRequestInputSchema,
  WithdrawalSchema,
  WithdrawalTermsSchema,
} from '@karta/shared/schemas/withdrawals';
import { idempotencyKeyHeaders } from '../../lib/idempotency-key';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { requestWithdrawal } from './withdrawal-request.service';
import { getWithdrawalTerms } from './withdrawal-terms';
import { getUserWithdrawal, listUserWithdrawals } from './withdrawals.service';

/** Withdrawals to the user's bank (docs/product.md §7). */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['withdrawals'], access: ownAccountAccess(app) });

  route.post('/withdrawal_request/:user_id', {
    operationId: 'createWithdrawal',
    refuses: {
      400: [
        'AMOUNT_TOO_LARGE',
        'AMOUNT_TOO_SMALL',
        'INSUFFICIENT_FUNDS',
        'LIMIT_EXCEEDED',
        'NOT_OWN_ACCOUNT',
      ],
      401: [],
      404: [],
      409: [],
    },
    stepUp: 'in-handler',
    summary:
      "Withdraw to a saved or new account in the seller's own name, or one an operator approved (NOT_OWN_ACCOUNT, decision 064); send an Idempotency-Key header (same key and body → same answer). To an account added less than 24 hours ago, with two-step sign-in on: a fresh code (STEP_UP_REQUIRED)",
    input: {
      params: UserIdParamsSchema,
      headers: idempotencyKeyHeaders('withdrawal request'),
      body: WithdrawalRequestInputSchema,
    },
    answers: WithdrawalSchema,
    status: 201,
    message: 'Your withdrawal is on its way. We will e-mail you when it lands.',
    handle: (request, user) =>
      requestWithdrawal(app.ctx, {
        user,
        ip: request.ip,
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
        requireStepUp: () => app.requireStepUp(request),
      }),
  });

  route.get('/withdrawal_terms/:user_id', {
    operationId: 'getWithdrawalTerms',
    summary: "The fee, limits, the KYC tier and what is left of today's limit",
    input: { params: UserIdParamsSchema },
    answers: WithdrawalTermsSchema,
    message: 'Withdrawal terms',
    handle: (_request, user) => getWithdrawalTerms(app.ctx, user),
  });

  route.get('/fetch_withdrawal_request/:user_id', {
    operationId: 'listWithdrawals',
    refuses: { 404: [] },
    summary: "The user's withdrawals, newest first (or one with ?transaction_id=)",
    input: { params: UserIdParamsSchema, querystring: WithdrawalListQuerySchema },
    answers: z.union([WithdrawalSchema, pageOf(WithdrawalSchema)]),
    // A page has `meta`; one withdrawal has not.
    message: (found) => ('meta' in found ? 'Withdrawals' : 'Withdrawal'),
    handle: (request, user) => {
      const { transaction_id: transactionId } = request.query;
      return transactionId
        ? getUserWithdrawal(app.ctx, { userId: user.id, transactionId })
        : listUserWithdrawals(app.ctx, { userId: user.id, query: request.query });
    },
  });
};
