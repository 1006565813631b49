import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import { TRADE_REVIEW_MESSAGES } from '@karta/shared/schemas/trades';
import type { ReturnApprovalInput } from '@karta/shared/schemas/trade-steps';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { checkSecondApprover } from '../../lib/second-approver';
import { creditAdjustment, mailAdjustmentCredit } from './adjust-trade';
import { checkSingleCredit } from './credit-limits';
import * as adjustments from './trade-adjustments.repository';
import { getTradeForOperators } from './trade-review.service';
import * as trades from './trades.repository';
import { TRADE_NOT_FOUND } from './trades.service';

/**
 * The second admin's decision on an adjustment that waits (decision 049): confirm it, which
 * credits it through the same posting a solo adjustment makes, or send it back with a reason,
 * which credits nothing. Both lock the trade and then the adjustment, so parallel decisions
 * take turns and only the first acts; the rest get 409.
 */

const ADJUSTMENT_NOT_FOUND = 'We could not find that adjustment on this trade.';

/** The trade and its waiting adjustment, locked, or the refusal in words. */
async function lockWaiting(
  tx: Executor,
  options: { actor: Actor; tradeId: string; adjustmentId: string },
) {
  const { actor, tradeId, adjustmentId } = options;
  if (!isUuid(tradeId)) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'id' });
  if (!isUuid(adjustmentId)) {
    throw new AppError('NOT_FOUND', ADJUSTMENT_NOT_FOUND, { field: 'adjustment_id' });
  }
  const trade = await trades.lockTrade(tx, tradeId);
  if (!trade) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'id' });
  if (trade.userId === actor.userId) {
    throw new AppError('FORBIDDEN', TRADE_REVIEW_MESSAGES.OWN_TRADE);
  }
  const adjustment = await adjustments.lockAdjustment(tx, trade.id, adjustmentId);
  if (!adjustment) {
    throw new AppError('NOT_FOUND', ADJUSTMENT_NOT_FOUND, { field: 'adjustment_id' });
  }
  if (adjustment.status !== 'awaiting_second_approval') {
    throw new AppError(
      'CONFLICT',
      adjustment.status === 'credited'
        ? 'This adjustment was already confirmed and credited.'
        : 'This adjustment was sent back; nothing was credited.',
      { domainCode: 'ALREADY_DECIDED', field: 'adjustment_id' },
    );
  }
  return { trade, adjustment };
}

export async function confirmAdjustment(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; adjustmentId: string },
) {
  const { actor } = options;
  const now = ctx.clock.now();
  const credit = await ctx.db.transaction(async (tx) => {
    const { trade, adjustment } = await lockWaiting(tx, options);
    await checkSecondApprover(tx, {
      firstUserId: adjustment.adjustedByUserId,
      secondUserId: actor.userId,
      sameMessage: FOUR_EYES_MESSAGES.SAME_ADJUSTER,
      field: 'adjustment_id',
    });
    // The ceiling may have been lowered since the adjustment was asked for: the money moves now.
    checkSingleCredit(ctx, adjustment.amountKobo, 'amount');
    const confirmed = await adjustments.decideAdjustment(tx, adjustment.id, {
      status: 'credited',
      decidedByUserId: actor.userId,
      decidedAt: now,
      returnReason: null,
    });
    await recordAudit(tx, {
      actor,
      action: 'trade.adjust_confirmed',
      targetType: 'trade',
      targetId: trade.id,
      before: { adjustment_status: adjustment.status },
      after: {
        adjustment_status: confirmed.status,
        adjustment_id: adjustment.id,
        amount_kobo: String(adjustment.amountKobo),
        adjusted_by: adjustment.adjustedByUserId,
      },
    });
    return creditAdjustment(tx, { trade, adjustment: confirmed, now });
  });
  const view = await getTradeForOperators(ctx, options.tradeId);
  await mailAdjustmentCredit(ctx, credit, view.gift_card.name);
  return view;
}

/** Anyone may send it back, its author included: it moves no money. */
export async function returnAdjustment(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; adjustmentId: string; input: ReturnApprovalInput },
) {
  const { actor } = options;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { trade, adjustment } = await lockWaiting(tx, options);
    const returned = await adjustments.decideAdjustment(tx, adjustment.id, {
      status: 'returned',
      decidedByUserId: actor.userId,
      decidedAt: now,
      returnReason: options.input.reason,
    });
    await recordAudit(tx, {
      actor,
      action: 'trade.adjust_returned',
      targetType: 'trade',
      targetId: trade.id,
      before: { adjustment_status: adjustment.status },
      after: {
        adjustment_status: returned.status,
        adjustment_id: adjustment.id,
        amount_kobo: String(adjustment.amountKobo),
        reason: options.input.reason,
      },
    });
  });
  return getTradeForOperators(ctx, options.tradeId);
}
