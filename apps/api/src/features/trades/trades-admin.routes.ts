import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLagosClockTime } from '@karta/shared/dates';
import { ClaimHeartbeatSchema } from '@karta/shared/schemas/claims';
import { pageOf } from '@karta/shared/schemas/common';
import {
  AdjustedTradeSchema,
  AdjustmentParamsSchema,
  AdjustTradeInputSchema,
  AdminTradeListQuerySchema,
  AdminTradeSchema,
  ClaimedTradeSchema,
  ReleasedTradeSchema,
  TRADE_DECISION_ANSWERS,
  ApproveTradeInputSchema,
  RejectTradeInputSchema,
  TradeIdParamsSchema,
} from '@karta/shared/schemas/trades';
import {
  RequestInfoInputSchema,
  ReturnApprovalInputSchema,
} from '@karta/shared/schemas/trade-steps';
import { idempotencyKeyHeaders } from '../../lib/idempotency-key';
import { staffRoutes } from '../../lib/json-routes';
import { adjustTrade } from './adjust-trade';
import { confirmAdjustment, returnAdjustment } from './adjustment-second-approval';
import {
  approveTrade,
  claimTrade,
  getTradeForOperators,
  listTradesForOperators,
  rejectTrade,
  releaseTrade,
} from './trade-review.service';
import { requestTradeInfo } from './trade-questions';
import { heartbeatClaim } from './trade-claims';
import { confirmApproval, returnApproval } from './trade-second-approval';

/** What a claim or take-over answers: until when the trade is the caller's. */
const claimedMessage = (trade: { claim: { until: string } | null }) =>
  trade.claim
    ? `You are reviewing this trade until ${getLagosClockTime(new Date(trade.claim.until))}.`
    : 'You are reviewing this trade.';

/**
 * Operators review trades: claim one (one reviewer at a time), then approve (credits the wallet
 * once) or reject with a reason.
 */
export const tradeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, adminRoute } = staffRoutes(app, 'trade review');

  route.get('/', {
    operationId: 'listReviewTrades',
    summary:
      'Trades by status; pending ones oldest first, each with its claim and whether it is late (REVIEW_TARGET_MINUTES); claimable=true keeps the pending trades the caller may take now',
    input: { querystring: AdminTradeListQuerySchema },
    answers: pageOf(AdminTradeSchema),
    message: 'Trades',
    handle: (request, actor) => listTradesForOperators(app.ctx, { actor, query: request.query }),
  });

  route.get('/:id', {
    operationId: 'getReviewTrade',
    refuses: { 404: [] },
    summary: 'One trade with its photos and seller',
    input: { params: TradeIdParamsSchema },
    answers: AdminTradeSchema,
    message: 'Trade',
    handle: (request) => getTradeForOperators(app.ctx, request.params.id),
  });

  route.post('/:id/claim', {
    operationId: 'claimTrade',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED', 'WRONG_STATUS'] },
    summary:
      'Claim a pending trade for REVIEW_CLAIM_MINUTES, or renew your claim; answers a new release_token for the page’s closing beacon (POST /trade_claims/release), replacing the last one; 409 naming the holder while another operator’s claim lasts',
    input: { params: TradeIdParamsSchema },
    answers: ClaimedTradeSchema,
    message: claimedMessage,
    handle: (request, actor) => claimTrade(app.ctx, { actor, tradeId: request.params.id }),
  });

  route.post('/:id/heartbeat', {
    operationId: 'heartbeatTradeClaim',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIM_LOST', 'WRONG_STATUS'] },
    summary:
      'The review page is still open: your live claim lasts REVIEW_CLAIM_MINUTES from now (sent every CLAIM_HEARTBEAT_SECONDS while visible; not audited); 409 CLAIM_LOST when you no longer hold it, naming who took it over',
    input: { params: TradeIdParamsSchema },
    answers: ClaimHeartbeatSchema,
    message: (claim) =>
      `You are reviewing this trade until ${getLagosClockTime(new Date(claim.until))}.`,
    handle: (request, actor) => heartbeatClaim(app.ctx, { actor, tradeId: request.params.id }),
  });

  route.post('/:id/take_over', {
    operationId: 'takeOverTradeClaim',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED', 'WRONG_STATUS'] },
    summary:
      'Take another operator’s claim whose page has sent no heartbeat for CLAIM_TAKEOVER_SILENCE_SECONDS (audited as trade.claim_take_over), or claim a trade nobody holds; answers a new release_token; 409 CLAIMED while the holder’s page is still heard from',
    input: { params: TradeIdParamsSchema },
    answers: ClaimedTradeSchema,
    message: claimedMessage,
    handle: (request, actor) =>
      claimTrade(app.ctx, { actor, tradeId: request.params.id, takeOver: true }),
  });

  route.post('/:id/release', {
    operationId: 'releaseTrade',
    refuses: { 404: [], 409: ['CLAIMED'] },
    summary:
      'End your claim on a trade (`released` says whether one was ended; nothing changes when you hold none); 409 CLAIMED naming the holder while another operator’s claim lasts',
    input: { params: TradeIdParamsSchema },
    answers: ReleasedTradeSchema,
    message: (trade) =>
      trade.released ? TRADE_DECISION_ANSWERS.RELEASED : TRADE_DECISION_ANSWERS.NOT_HELD,
    handle: (request, actor) => releaseTrade(app.ctx, { actor, tradeId: request.params.id }),
  });

  route.post('/:id/approve', {
    operationId: 'approveTrade',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED', 'WRONG_STATUS'] },
    summary:
      'Approve and credit the wallet: final_value defaults to the expected value and is never above it, nor above MAX_SINGLE_CREDIT. Below the expected value it is an offer the seller answers (counter_offered). When this credit alone, or with what the caller credited the seller today, reaches FOUR_EYES_KOBO, it waits for a second operator (awaiting_second_approval) and credits nothing. Claims an unclaimed trade on the way, 409 while another operator’s claim lasts',
    input: { params: TradeIdParamsSchema, body: ApproveTradeInputSchema },
    answers: AdminTradeSchema,
    message: (trade) => {
      if (trade.status === 'awaiting_second_approval') {
        return TRADE_DECISION_ANSWERS.APPROVAL_WAITING;
      }
      return trade.status === 'counter_offered'
        ? TRADE_DECISION_ANSWERS.OFFER_SENT
        : TRADE_DECISION_ANSWERS.CREDITED;
    },
    handle: (request, actor) =>
      approveTrade(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });

  route.post('/:id/request_info', {
    operationId: 'requestTradeInfo',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED', 'WRONG_STATUS'] },
    summary:
      'Ask the seller a question (1–500 characters): the trade becomes info_requested until they answer, and they are mailed; claims like approve, 409 while another operator’s claim lasts',
    input: { params: TradeIdParamsSchema, body: RequestInfoInputSchema },
    answers: AdminTradeSchema,
    message: 'Question sent. The trade comes back to the queue when the seller answers.',
    handle: (request, actor) =>
      requestTradeInfo(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });

  route.post('/:id/confirm_approval', {
    operationId: 'confirmTradeApproval',
    refuses: {
      404: [],
      409: ['ALREADY_DECIDED', 'CLAIMED', 'NOT_INDEPENDENT', 'SAME_APPROVER', 'WRONG_STATUS'],
    },
    summary:
      'Second approval of a trade awaiting_second_approval: credits the first approval’s final value exactly once (or, below the expected value, sends the seller the offer); 409 SAME_APPROVER for the operator who approved it, 409 NOT_INDEPENDENT for someone who made them staff, whom they made staff, or whose invitation no second admin confirmed; 409 when the trade is not awaiting',
    input: { params: TradeIdParamsSchema },
    answers: AdminTradeSchema,
    message: (trade) =>
      trade.status === 'counter_offered'
        ? TRADE_DECISION_ANSWERS.CONFIRMED_OFFER_SENT
        : TRADE_DECISION_ANSWERS.CONFIRMED_CREDITED,
    handle: (request, actor) => confirmApproval(app.ctx, { actor, tradeId: request.params.id }),
  });

  route.post('/:id/return_approval', {
    operationId: 'returnTradeApproval',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED', 'WRONG_STATUS'] },
    summary:
      'Send a trade awaiting_second_approval back to pending with a reason, for a new decision; nothing is credited',
    input: { params: TradeIdParamsSchema, body: ReturnApprovalInputSchema },
    answers: AdminTradeSchema,
    message: 'Approval sent back. The trade is pending again.',
    handle: (request, actor) =>
      returnApproval(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });

  adminRoute.post('/:id/adjust', {
    operationId: 'adjustTrade',
    refuses: { 404: [], 409: [] },
    summary:
      'Admin only: add to an approved trade’s credit with a reason (a new ledger credit, audited; at most MAX_SINGLE_CREDIT). When it reaches FOUR_EYES_KOBO alone, with what the caller credited the seller today, or with what they credited on this trade, it waits for a second admin (`adjustment.status` awaiting_second_approval) and credits nothing. Send an Idempotency-Key header (same key and body → same answer)',
    input: {
      params: TradeIdParamsSchema,
      headers: idempotencyKeyHeaders('adjustment'),
      body: AdjustTradeInputSchema,
    },
    answers: AdjustedTradeSchema,
    message: (trade) =>
      trade.adjustment.status === 'awaiting_second_approval'
        ? TRADE_DECISION_ANSWERS.ADJUSTMENT_WAITING
        : TRADE_DECISION_ANSWERS.ADJUSTMENT_CREDITED,
    handle: (request, actor) =>
      adjustTrade(app.ctx, {
        actor,
        tradeId: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
      }),
  });

  adminRoute.post('/:id/adjustments/:adjustment_id/confirm', {
    operationId: 'confirmTradeAdjustment',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'NOT_INDEPENDENT', 'SAME_APPROVER'] },
    summary:
      'Admin only: a second admin confirms an adjustment awaiting_second_approval, which credits it exactly once; 409 SAME_APPROVER for its author, 409 NOT_INDEPENDENT as for confirm_approval, 409 ALREADY_DECIDED once decided',
    input: { params: AdjustmentParamsSchema },
    answers: AdminTradeSchema,
    message: TRADE_DECISION_ANSWERS.ADJUSTMENT_CONFIRMED,
    handle: (request, actor) =>
      confirmAdjustment(app.ctx, {
        actor,
        tradeId: request.params.id,
        adjustmentId: request.params.adjustment_id,
      }),
  });

  adminRoute.post('/:id/adjustments/:adjustment_id/return', {
    operationId: 'returnTradeAdjustment',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary:
      'Admin only: send back an adjustment awaiting_second_approval with a reason; nothing is credited. Its author may withdraw it this way',
    input: { params: AdjustmentParamsSchema, body: ReturnApprovalInputSchema },
    answers: AdminTradeSchema,
    message: TRADE_DECISION_ANSWERS.ADJUSTMENT_RETURNED,
    handle: (request, actor) =>
      returnAdjustment(app.ctx, {
        actor,
        tradeId: request.params.id,
        adjustmentId: request.params.adjustment_id,
        input: request.body,
      }),
  });

  route.post('/:id/reject', {
    operationId: 'rejectTrade',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED', 'WRONG_STATUS'] },
    summary:
      'Reject with a reason code the user is told in words, an optional note and an optional proof_id (from POST …/rejection_proof); claims like approve, 409 while another operator’s claim lasts',
    input: { params: TradeIdParamsSchema, body: RejectTradeInputSchema },
    answers: AdminTradeSchema,
    message: 'Trade rejected.',
    handle: (request, actor) =>
      rejectTrade(app.ctx, { actor, tradeId: request.params.id, input: request.body }),
  });
};
