import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, successEnvelope } from '@karta/shared/schemas/common';
import {
  AdjustTradeInputSchema,
  AdminTradeListQuerySchema,
  AdminTradeSchema,
  ApproveTradeInputSchema,
  RejectTradeInputSchema,
  TradeIdParamsSchema,
} from '@karta/shared/schemas/trades';
import { actorOf } from '../../lib/actor';
import { responses, success } from '../../lib/http';
import { adjustTrade } from './adjust-trade';
import {
  approveTrade,
  getTradeForOperators,
  listTradesForOperators,
  rejectTrade,
} from './trade-review.service';

const bearer = [{ accessToken: [] }];
const tags = ['trade review'];

/** Operators review trades: approve (credits the wallet once) or reject with a reason. */
export const tradeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole('operator', 'admin'));

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Trades by status; pending ones oldest first',
        querystring: AdminTradeListQuerySchema,
        response: responses(successEnvelope(pageOf(AdminTradeSchema))),
      },
    },
    async (request) => success('Trades', await listTradesForOperators(app.ctx, request.query)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'One trade with its photos and seller',
        params: TradeIdParamsSchema,
        response: responses(successEnvelope(AdminTradeSchema)),
      },
    },
    async (request) => success('Trade', await getTradeForOperators(app.ctx, request.params.id)),
  );

  app.post(
    '/:id/approve',
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'Approve and credit the wallet: final_value defaults to the expected value and is never above it, nor above MAX_SINGLE_CREDIT',
        params: TradeIdParamsSchema,
        body: ApproveTradeInputSchema,
        response: responses(successEnvelope(AdminTradeSchema)),
      },
    },
    async (request) =>
      success(
        'Trade approved and wallet credited.',
        await approveTrade(app.ctx, {
          actor: actorOf(request),
          tradeId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.post(
    '/:id/adjust',
    {
      // Admins only: an operator's credit is capped at the expected value; more needs an admin.
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary:
          'Admin only: add to an approved trade’s credit with a reason (a new ledger credit, audited; at most MAX_SINGLE_CREDIT); send an Idempotency-Key header (same key and body → same answer)',
        params: TradeIdParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }),
        body: AdjustTradeInputSchema,
        response: responses(successEnvelope(AdminTradeSchema)),
      },
    },
    async (request) =>
      success(
        'Credit added to the trade.',
        await adjustTrade(app.ctx, {
          actor: actorOf(request),
          tradeId: request.params.id,
          idempotencyKey: request.headers['idempotency-key'],
          input: request.body,
        }),
      ),
  );

  app.post(
    '/:id/reject',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Reject with a reason code the user is told in words',
        params: TradeIdParamsSchema,
        body: RejectTradeInputSchema,
        response: responses(successEnvelope(AdminTradeSchema)),
      },
    },
    async (request) =>
      success(
        'Trade rejected.',
        await rejectTrade(app.ctx, {
          actor: actorOf(request),
          tradeId: request.params.id,
          input: request.body,
        }),
      ),
  );
};
