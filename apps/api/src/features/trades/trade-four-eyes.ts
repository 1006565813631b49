import { getLagosDate } from '@karta/shared/dates';
import type { FourEyesReason } from '@karta/shared/constants';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { lockUser } from '../../lib/users';
import { endedClaim } from './trade-claims';
import { insertTradeEvent } from './trade-events.repository';
import { insertSoloCredit, sumSoloCredits } from './solo-credits.repository';
import * as trades from './trades.repository';

/**
 * Four eyes is a sum, not a per-call check (decision 049). No one person may put
 * FOUR_EYES_KOBO or more into a seller's wallet on their own word, by any path (an approval, a
 * counter-offer, an admin's adjustment) or any number of steps: what one staff member credits
 * one seller adds up over a Lagos day, and over one trade, and the credit that would reach the
 * sum waits for a second staff member instead of moving money. Every crediting path asks
 * `checkFourEyes` before it credits, and `recordSoloCredit` when it credits alone.
 */

/** Why a credit waits, and the sum that made it wait (the credit itself included). */
export interface FourEyesHold {
  reason: FourEyesReason;
  totalKobo: bigint;
}

/**
 * Whether this credit by this person needs a second one; null when it may go ahead alone.
 * Locks the seller's row first, so decisions for one seller take turns and each sees the last
 * one's sum (two approvals at once cannot both pass under the sum). The trade is locked by the
 * caller, before the seller, in the order every approval locks them.
 */
export async function checkFourEyes(
  ctx: AppContext,
  tx: Executor,
  options: { actor: Actor; trade: trades.TradeRow; amountKobo: bigint; now: Date },
): Promise<FourEyesHold | null> {
  const { actor, trade, amountKobo, now } = options;
  const threshold = ctx.config.fourEyesKobo;
  if (amountKobo >= threshold) return { reason: 'large_credit', totalKobo: amountKobo };
  await lockUser(tx, trade.userId);
  const sums = await sumSoloCredits(tx, {
    staffUserId: actor.userId,
    sellerUserId: trade.userId,
    tradeId: trade.id,
    day: getLagosDate(now),
  });
  if (sums.dayKobo + amountKobo >= threshold) {
    return { reason: 'daily_total', totalKobo: sums.dayKobo + amountKobo };
  }
  if (sums.tradeKobo + amountKobo >= threshold) {
    return { reason: 'trade_total', totalKobo: sums.tradeKobo + amountKobo };
  }
  return null;
}

/** A credit (or an offer) one person decided alone, counted towards their sums. */
export async function recordSoloCredit(
  tx: Executor,
  options: {
    actor: Actor;
    trade: trades.TradeRow;
    amountKobo: bigint;
    kind: 'approval' | 'offer' | 'adjustment';
    adjustmentId?: string;
    now: Date;
  },
) {
  const { actor, trade, amountKobo, kind, now } = options;
  const day = getLagosDate(now);
  await insertSoloCredit(tx, {
    staffUserId: actor.userId,
    sellerUserId: trade.userId,
    tradeId: trade.id,
    adjustmentId: options.adjustmentId ?? null,
    kind,
    amountKobo,
    decidedOn: day,
    creditedOn: kind === 'offer' ? null : day,
  });
}

/**
 * The first of two approvals: records who approved, how much, their note and why it waits (a
 * trade event), and parks the trade in awaiting_second_approval. No money moves and the claim
 * ends, so a second operator can take it. In the caller's transaction, with its audit entry.
 */
export async function holdForSecondApproval(
  ctx: AppContext,
  tx: Executor,
  options: {
    trade: trades.TradeRow;
    actor: Actor;
    finalKobo: bigint;
    note: string | null;
    hold: FourEyesHold;
    now: Date;
  },
) {
  const { trade, actor, finalKobo, note, hold, now } = options;
  const held = await trades.updateTrade(tx, trade.id, {
    ...endedClaim,
    status: 'awaiting_second_approval',
  });
  await insertTradeEvent(tx, {
    tradeId: trade.id,
    kind: 'first_approval',
    actorUserId: actor.userId,
    message: note,
    amountKobo: finalKobo,
    fourEyesReason: hold.reason,
    createdAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: 'trade.approve',
    targetType: 'trade',
    targetId: trade.id,
    before: { status: trade.status },
    after: {
      status: held.status,
      final_kobo: String(finalKobo),
      expected_kobo: String(trade.expectedKobo),
      note,
      four_eyes_kobo: String(ctx.config.fourEyesKobo),
      four_eyes_reason: hold.reason,
      four_eyes_total_kobo: String(hold.totalKobo),
    },
  });
  return held;
}
