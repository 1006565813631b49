import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, successEnvelope } from '@karta/shared/schemas/common';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import {
  WithdrawalListQuerySchema,
  WithdrawalRequestInputSchema,
  WithdrawalSchema,
  WithdrawalTermsSchema,
} from '@karta/shared/schemas/withdrawals';
import { responses, success } from '../../lib/http';
import { getAuthUser } from '../../plugins/auth';
import { getWithdrawalTerms, requestWithdrawal } from './withdrawal-request.service';
import { getUserWithdrawal, listUserWithdrawals } from './withdrawals.service';

const bearer = [{ accessToken: [] }];
const tags = ['withdrawals'];

/** Withdrawals to the user's bank (spec §7). */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireOwnUserId);

  app.post(
    '/withdrawal_request/:user_id',
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'Withdraw to a saved or new account; send an Idempotency-Key header (same key and body → same answer)',
        params: UserIdParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }),
        body: WithdrawalRequestInputSchema,
        response: responses(successEnvelope(WithdrawalSchema), 201),
      },
    },
    async (request, reply) => {
      const withdrawal = await requestWithdrawal(app.ctx, {
        user: getAuthUser(request),
        ip: request.ip,
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
      });
      return reply
        .status(201)
        .send(
          success('Your withdrawal is on its way. We will e-mail you when it lands.', withdrawal),
        );
    },
  );

  app.get(
    '/withdrawal_terms/:user_id',
    {
      schema: {
        tags,
        security: bearer,
        summary: "The fee, limits and what is left of today's limit",
        params: UserIdParamsSchema,
        response: responses(successEnvelope(WithdrawalTermsSchema)),
      },
    },
    async (request) =>
      success('Withdrawal terms', await getWithdrawalTerms(app.ctx, getAuthUser(request).id)),
  );

  app.get(
    '/fetch_withdrawal_request/:user_id',
    {
      schema: {
        tags,
        security: bearer,
        summary: "The user's withdrawals, newest first (or one with ?transaction_id=)",
        params: UserIdParamsSchema,
        querystring: WithdrawalListQuerySchema,
        response: responses(successEnvelope(z.union([WithdrawalSchema, pageOf(WithdrawalSchema)]))),
      },
    },
    async (request) => {
      const userId = getAuthUser(request).id;
      const { transaction_id: transactionId } = request.query;
      if (transactionId) {
        return success('Withdrawal', await getUserWithdrawal(app.ctx, { userId, transactionId }));
      }
      return success(
        'Withdrawals',
        await listUserWithdrawals(app.ctx, { userId, query: request.query }),
      );
    },
  );
};
