import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '@karta/shared/schemas/common';
import {
  AdjustTradeInputSchema,
  AdminTradeListQuerySchema,
  AdminTradeSchema,
  ApproveTradeInputSchema,
  RejectTradeInputSchema,
  TradeIdParamsSchema,
} from '@karta/shared/schemas/trades';
import { IdempotencyKeyHeadersSchema } from '../../lib/http';
import { jsonRoutes } from '../../lib/json-routes';
import { adminAccess, operatorAccess } from '../../lib/route-access';
import { adjustTrade } from './adjust-trade';
import {
  approveTrade,
  getTradeForOperators,
  listTradesForOperators,
  rejectTrade,
} from './trade-review.service';

const tags = ['trade review'];

/** Operators review trades: approve (credits the wallet once) or reject with a reason. */
export const tradeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags, access: operatorAccess(app) });
  // An operator's credit is capped at the expected value; more needs an admin.
  const adminRoute = jsonRoutes(app, { tags, access: adminAccess(app) });

  route.get('/', {
    summary: 'Trades by status; pending ones oldest first',
    input: { querystring: AdminTradeListQuerySchema },
    answers: pageOf(AdminTradeSchema),
    message: 'Trades',
    handle: (request) => listTradesForOperators(app.ctx, request.query),
  });

  route.get('/:id', {
    summary: 'One trade with its photos and seller',
    input: { params: TradeIdParamsSchema },
    answers: AdminTradeSchema,
    message: 'Trade',
    handle: (request) => getTradeForOperators(app.ctx, request.params.id),
  });

  route.post('/:id/approve', {
    summary:
      'Approve and credit the wallet: final_value defaults to the expected value and is never above it, nor above MAX_SINGLE_CREDIT',
    input: { params: TradeIdParamsSchema, body: ApproveTradeInputSchema },
    answers: AdminTradeSchema,
    message: 'Trade approved and wallet credited.',
    handle: (request, actor) =>
      approveTrade(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });

  adminRoute.post('/:id/adjust', {
    summary:
      'Admin only: add to an approved trade’s credit with a reason (a new ledger credit, audited; at most MAX_SINGLE_CREDIT); send an Idempotency-Key header (same key and body → same answer)',
    input: {
      params: TradeIdParamsSchema,
      headers: IdempotencyKeyHeadersSchema,
      body: AdjustTradeInputSchema,
    },
    answers: AdminTradeSchema,
    message: 'Credit added to the trade.',
    handle: (request, actor) =>
      adjustTrade(app.ctx, {
        actor,
        tradeId: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
      }),
  });

  route.post('/:id/reject', {
    summary: 'Reject with a reason code the user is told in words',
    input: { params: TradeIdParamsSchema, body: RejectTradeInputSchema },
    answers: AdminTradeSchema,
    message: 'Trade rejected.',
    handle: (request, actor) =>
      rejectTrade(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });
};
