import { getLagosClockTime } from '@karta/shared/dates';
import { TRADE_REVIEW_STATUSES, type TradeStatus } from '@karta/shared/constants';
import { TRADE_REVIEW_MESSAGES } from '@karta/shared/schemas/trades';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor, type AuditEntry } from '../../lib/audit-log';
import { addSeconds } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { TRADE_NOT_FOUND } from './trades.service';
import { hasLiveClaim } from './trade-view';
import * as trades from './trades.repository';

/**
 * The claim rules every review action shares: one operator at a time reviews a pending trade,
 * for REVIEW_CLAIM_MINUTES at a time. Every action locks the trade row first, so claims and
 * decisions on one trade queue behind each other and the second one sees what the first did.
 */

export const tradeNotFound = () => new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'id' });

/** Why a trade in this status cannot take the step asked for, in an operator's words. */
const NOT_NOW: Partial<Record<TradeStatus, string>> = {
  pending: 'This trade is waiting for a first decision.',
  info_requested: 'This trade is waiting for the seller’s answer to a question.',
  awaiting_second_approval: 'This trade is waiting for a second operator to confirm its approval.',
  counter_offered: 'This trade is waiting for the seller’s answer to a lower offer.',
};

/** 409: the trade is decided (ALREADY_DECIDED), or in a status this step does not start from. */
export function wrongStatus(status: TradeStatus, field = 'id') {
  const words = NOT_NOW[status];
  return words
    ? new AppError('CONFLICT', words, { domainCode: 'WRONG_STATUS', field })
    : new AppError('CONFLICT', `This trade has already been ${status}.`, {
        domainCode: 'ALREADY_DECIDED',
        field,
      });
}

/**
 * Locks the trade and checks this operator may act on it now: not their own, and in one of
 * `statuses` (pending unless told).
 */
export async function lockPendingTrade(
  tx: Executor,
  tradeId: string,
  actor: Actor,
  statuses: readonly TradeStatus[] = ['pending'],
) {
  const trade = await trades.lockTrade(tx, tradeId);
  if (!trade) throw tradeNotFound();
  if (trade.userId === actor.userId) {
    throw new AppError('FORBIDDEN', TRADE_REVIEW_MESSAGES.OWN_TRADE_REVIEW);
  }
  if (!statuses.includes(trade.status)) throw wrongStatus(trade.status);
  return trade;
}

/** When a claim made now ends. */
const claimEnd = (ctx: AppContext, now: Date) =>
  addSeconds(now, ctx.config.tradeReview.claimMinutes * 60);

/** 409 when someone else's claim on the trade still lasts, naming them and until when. */
export async function refuseOthersClaim(
  tx: Executor,
  trade: trades.TradeRow,
  actor: Actor,
  now: Date,
) {
  if (!hasLiveClaim(trade, now) || trade.claimedByUserId === actor.userId) return;
  const [holder] = await trades.findNames(tx, [trade.claimedByUserId ?? '']);
  const name = holder ? `${holder.firstName} ${holder.lastName}` : 'Another operator';
  const until = getLagosClockTime(trade.claimExpiresAt ?? now);
  throw new AppError('CONFLICT', TRADE_REVIEW_MESSAGES.claimedBy(name, until), {
    domainCode: 'CLAIMED',
    field: 'id',
  });
}

/** The claim as the audit log records it. */
const claimOf = (trade: Pick<trades.TradeRow, 'claimedByUserId' | 'claimExpiresAt'>) => ({
  claimed_by: trade.claimedByUserId,
  claimed_until: trade.claimExpiresAt?.toISOString() ?? null,
});

/**
 * A decision needs the claim: the caller's own, or one taken on the way when nobody holds the
 * trade (so a script can decide without claiming first). Another operator's live claim blocks.
 * The claim ends with the decision, in the caller's transaction.
 */
export async function claimForDecision(
  tx: Executor,
  trade: trades.TradeRow,
  actor: Actor,
  now: Date,
) {
  const entry = await claimEntryForDecision(tx, trade, actor, now);
  if (entry) await recordAudit(tx, entry);
}

/**
 * `claimForDecision` without writing the claim's audit entry: answers it (null when the caller
 * already holds the trade), for the caller to write with the decision's own in one round trip.
 */
export async function claimEntryForDecision(
  tx: Executor,
  trade: trades.TradeRow,
  actor: Actor,
  now: Date,
): Promise<AuditEntry | null> {
  await refuseOthersClaim(tx, trade, actor, now);
  if (hasLiveClaim(trade, now)) return null;
  return {
    actor,
    action: 'trade.claim',
    targetType: 'trade',
    targetId: trade.id,
    before: claimOf(trade),
    after: { claimed_by: actor.userId, claimed_until: now.toISOString(), with_decision: true },
  };
}

/** What a decision writes so the claim ends with it. */
export const endedClaim = { claimedByUserId: null, claimExpiresAt: null } as const;

/**
 * Claims (or renews the caller's claim on) a pending trade until REVIEW_CLAIM_MINUTES from
 * now. Every call is audited, renewals included, so the log shows how long each review took.
 */
export async function takeClaim(ctx: AppContext, options: { actor: Actor; tradeId: string }) {
  const { actor } = options;
  if (!isUuid(options.tradeId)) throw tradeNotFound();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // A trade awaiting its second approval is claimed by whoever confirms or sends it back.
    const trade = await lockPendingTrade(tx, options.tradeId, actor, TRADE_REVIEW_STATUSES);
    await refuseOthersClaim(tx, trade, actor, now);
    const isRenewal = hasLiveClaim(trade, now);
    const claimed = await trades.updateTrade(tx, trade.id, {
      claimedByUserId: actor.userId,
      claimExpiresAt: claimEnd(ctx, now),
    });
    await recordAudit(tx, {
      actor,
      action: isRenewal ? 'trade.claim_renew' : 'trade.claim',
      targetType: 'trade',
      targetId: trade.id,
      before: claimOf(trade),
      after: claimOf(claimed),
    });
  });
}

/**
 * Ends the caller's own claim (they left the trade). Anyone else's claim, an expired one or
 * none at all is left as it is: leaving a page must never fail.
 */
export async function dropClaim(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string },
): Promise<boolean> {
  const { actor } = options;
  if (!isUuid(options.tradeId)) throw tradeNotFound();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const trade = await trades.lockTrade(tx, options.tradeId);
    if (!trade) throw tradeNotFound();
    // Someone else's live claim is theirs to end: say whose, rather than "released".
    await refuseOthersClaim(tx, trade, actor, now);
    if (trade.claimedByUserId !== actor.userId) return false;
    await trades.updateTrade(tx, trade.id, endedClaim);
    // An expired claim had already ended: clearing it is housekeeping, not an action.
    if (!hasLiveClaim(trade, now)) return false;
    await recordAudit(tx, {
      actor,
      action: 'trade.release',
      targetType: 'trade',
      targetId: trade.id,
      before: claimOf(trade),
      after: claimOf(endedClaim),
    });
    return true;
  });
}
