import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLagosClockTime } from '@karta/shared/dates';
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
import { staffRoutes } from '../../lib/json-routes';
import { adjustTrade } from './adjust-trade';
import {
  approveTrade,
  claimTrade,
  getTradeForOperators,
  listTradesForOperators,
  rejectTrade,
  releaseTrade,
} from './trade-review.service';

/**
 * Operators review trades: claim one (one reviewer at a time), then approve (credits the wallet
 * once) or reject with a reason.
 */
export const tradeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, adminRoute } = staffRoutes(app, 'trade review');

  route.get('/', {
    summary:
      'Trades by status; pending ones oldest first, each with its claim and whether it is late (REVIEW_TARGET_MINUTES); claimable=true keeps the pending trades the caller may take now',
    input: { querystring: AdminTradeListQuerySchema },
    answers: pageOf(AdminTradeSchema),
    message: 'Trades',
    handle: (request, actor) => listTradesForOperators(app.ctx, { actor, query: request.query }),
  });

  route.get('/:id', {
    summary: 'One trade with its photos and seller',
    input: { params: TradeIdParamsSchema },
    answers: AdminTradeSchema,
    message: 'Trade',
    handle: (request) => getTradeForOperators(app.ctx, request.params.id),
  });

  route.post('/:id/claim', {
    summary:
      'Claim a pending trade for REVIEW_CLAIM_MINUTES, or renew your claim; 409 naming the holder while another operator’s claim lasts',
    input: { params: TradeIdParamsSchema },
    answers: AdminTradeSchema,
    message: (trade) =>
      trade.claim
        ? `You are reviewing this trade until ${getLagosClockTime(new Date(trade.claim.until))}.`
        : 'You are reviewing this trade.',
    handle: (request, actor) => claimTrade(app.ctx, { actor, tradeId: request.params.id }),
  });

  route.post('/:id/release', {
    summary: 'End your claim on a trade (nothing changes when you hold none)',
    input: { params: TradeIdParamsSchema },
    answers: AdminTradeSchema,
    message: 'Trade released.',
    handle: (request, actor) => releaseTrade(app.ctx, { actor, tradeId: request.params.id }),
  });

  route.post('/:id/approve', {
    summary:
      'Approve and credit the wallet: final_value defaults to the expected value and is never above it, nor above MAX_SINGLE_CREDIT; claims an unclaimed trade on the way, 409 while another operator’s claim lasts',
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
    summary:
      'Reject with a reason code the user is told in words; claims like approve, 409 while another operator’s claim lasts',
    input: { params: TradeIdParamsSchema, body: RejectTradeInputSchema },
    answers: AdminTradeSchema,
    message: 'Trade rejected.',
    handle: (request, actor) =>
      rejectTrade(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });
};
