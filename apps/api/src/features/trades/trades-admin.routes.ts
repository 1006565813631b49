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
import {
  RequestInfoInputSchema,
  ReturnApprovalInputSchema,
} from '@karta/shared/schemas/trade-steps';
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
import { requestTradeInfo } from './trade-questions';
import { confirmApproval, returnApproval } from './trade-second-approval';

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
    message: (trade) =>
      trade.status === 'awaiting_second_approval'
        ? 'Approval recorded. Another operator has to confirm it before the wallet is credited.'
        : 'Trade approved and wallet credited.',
    handle: (request, actor) =>
      approveTrade(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });

  route.post('/:id/request_info', {
    summary:
      'Ask the seller a question (1–500 characters): the trade becomes info_requested until they answer, and they are mailed; claims like approve, 409 while another operator’s claim lasts',
    input: { params: TradeIdParamsSchema, body: RequestInfoInputSchema },
    answers: AdminTradeSchema,
    message: 'Question sent. The trade comes back to the queue when the seller answers.',
    handle: (request, actor) =>
      requestTradeInfo(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });

  route.post('/:id/confirm_approval', {
    summary:
      'Second approval of a trade awaiting_second_approval (FOUR_EYES_KOBO): credits the first approval’s final value, exactly once; 409 SAME_APPROVER for the operator who approved it, 409 when the trade is not awaiting',
    input: { params: TradeIdParamsSchema },
    answers: AdminTradeSchema,
    message: 'Approval confirmed and wallet credited.',
    handle: (request, actor) => confirmApproval(app.ctx, { actor, tradeId: request.params.id }),
  });

  route.post('/:id/return_approval', {
    summary:
      'Send a trade awaiting_second_approval back to pending with a reason, for a new decision; nothing is credited',
    input: { params: TradeIdParamsSchema, body: ReturnApprovalInputSchema },
    answers: AdminTradeSchema,
    message: 'Approval sent back. The trade is pending again.',
    handle: (request, actor) =>
      returnApproval(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
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
      'Reject with a reason code the user is told in words, an optional note and an optional proof_id (from POST …/rejection_proof); claims like approve, 409 while another operator’s claim lasts',
    input: { params: TradeIdParamsSchema, body: RejectTradeInputSchema },
    answers: AdminTradeSchema,
    message: 'Trade rejected.',
    handle: (request, actor) =>
      rejectTrade(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });
};
