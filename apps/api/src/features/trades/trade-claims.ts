import { getLagosClockTime } from '@karta/shared/dates';
import { TRADE_REVIEW_STATUSES, type TradeStatus } from '@karta/shared/constants';
import { TRADE_REVIEW_MESSAGES } from '@karta/shared/schemas/trades';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor, type AuditEntry } from '../../lib/audit-log';
import { addSeconds } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { isReleaseToken, isSilent, newReleaseToken } from './claim-liveness';
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

/** "Ada Obi", or words for a holder whose account is gone. */
async function nameOf(tx: Executor, userId: string | null) {
  const [holder] = await trades.findNames(tx, [userId ?? '']);
  return holder ? `${holder.firstName} ${holder.lastName}` : 'Another operator';
}

/** 409 when someone else's claim on the trade still lasts, naming them and until when. */
export async function refuseOthersClaim(
  tx: Executor,
  trade: trades.TradeRow,
  actor: Actor,
  now: Date,
) {
  if (!hasLiveClaim(trade, now) || trade.claimedByUserId === actor.userId) return;
  const name = await nameOf(tx, trade.claimedByUserId);
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

/** The claim a take-over ended, with when its holder's page was last heard from. */
const silentClaimOf = (trade: trades.TradeRow) => ({
  ...claimOf(trade),
  last_seen_at: trade.claimSeenAt?.toISOString() ?? null,
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

/** What a decision writes so the claim ends with it (its heartbeat and release token too). */
export const endedClaim = {
  claimedByUserId: null,
  claimExpiresAt: null,
  claimSeenAt: null,
  claimReleaseTokenHash: null,
} as const;

/**
 * Claims (or renews the caller's claim on) a pending trade until REVIEW_CLAIM_MINUTES from
 * now. Every call is audited, renewals included, so the log shows how long each review took.
 * Answers the claim's new release token (decision 072): each claim call replaces the last one,
 * so a second tab's claim is not released when the first tab closes.
 *
 * `takeOver`: another operator's live claim is taken too when their page has been silent for
 * CLAIM_TAKEOVER_SILENCE_SECONDS (audited as `trade.claim_take_over`, naming whose it was);
 * while it is not silent, 409 CLAIMED says they still have the trade open.
 */
export async function takeClaim(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; takeOver?: boolean },
): Promise<string> {
  const { actor } = options;
  if (!isUuid(options.tradeId)) throw tradeNotFound();
  const now = ctx.clock.now();
  const release = newReleaseToken();
  await ctx.db.transaction(async (tx) => {
    // A trade awaiting its second approval is claimed by whoever confirms or sends it back.
    const trade = await lockPendingTrade(tx, options.tradeId, actor, TRADE_REVIEW_STATUSES);
    const isOthers = hasLiveClaim(trade, now) && trade.claimedByUserId !== actor.userId;
    if (isOthers && options.takeOver) {
      if (!isSilent(trade.claimSeenAt, now)) {
        const name = await nameOf(tx, trade.claimedByUserId);
        throw new AppError('CONFLICT', TRADE_REVIEW_MESSAGES.stillActive(name), {
          domainCode: 'CLAIMED',
          field: 'id',
        });
      }
    } else {
      await refuseOthersClaim(tx, trade, actor, now);
    }
    const isRenewal = hasLiveClaim(trade, now) && !isOthers;
    const claimed = await trades.updateTrade(tx, trade.id, {
      claimedByUserId: actor.userId,
      claimExpiresAt: claimEnd(ctx, now),
      claimSeenAt: now,
      claimReleaseTokenHash: release.hash,
    });
    const action = isOthers ? 'trade.claim_take_over' : 'trade.claim';
    await recordAudit(tx, {
      actor,
      action: isRenewal ? 'trade.claim_renew' : action,
      targetType: 'trade',
      targetId: trade.id,
      before: isOthers ? silentClaimOf(trade) : claimOf(trade),
      after: claimOf(claimed),
    });
  });
  return release.token;
}

/**
 * The review page's heartbeat (decision 072): the caller's live claim was heard from now, and
 * lasts REVIEW_CLAIM_MINUTES more. Not audited: the claim, its end and any take-over are.
 * A claim the caller no longer holds answers 409 CLAIM_LOST, naming who holds the trade now.
 */
export async function heartbeatClaim(ctx: AppContext, options: { actor: Actor; tradeId: string }) {
  const { actor } = options;
  if (!isUuid(options.tradeId)) throw tradeNotFound();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const trade = await lockPendingTrade(tx, options.tradeId, actor, TRADE_REVIEW_STATUSES);
    if (trade.claimedByUserId !== actor.userId || !hasLiveClaim(trade, now)) {
      const message = hasLiveClaim(trade, now)
        ? TRADE_REVIEW_MESSAGES.claimLostTo(await nameOf(tx, trade.claimedByUserId))
        : TRADE_REVIEW_MESSAGES.CLAIM_ENDED;
      throw new AppError('CONFLICT', message, { domainCode: 'CLAIM_LOST', field: 'id' });
    }
    const kept = await trades.updateTrade(tx, trade.id, {
      claimSeenAt: now,
      claimExpiresAt: claimEnd(ctx, now),
    });
    return {
      until: claimEnd(ctx, now).toISOString(),
      seen_at: (kept.claimSeenAt ?? now).toISOString(),
    };
  });
}

/**
 * Ends a claim with the release token its holder's page sent in a beacon as it closed (decision
 * 072): no session comes with a beacon, so the token is the credential. It works once, only on
 * the live claim it was given with (a later claim or take-over replaced it), and is audited as
 * the holder's release. Anything else ends nothing and says so (`false`), whether the trade
 * exists or not. The row is locked only once the token matches, so strangers lock nothing.
 */
export async function releaseClaimByToken(
  ctx: AppContext,
  options: { tradeId: string; token: string; ip: string },
): Promise<boolean> {
  if (!isUuid(options.tradeId)) return false;
  if (!isReleaseToken(await trades.findClaimTokenHash(ctx.db, options.tradeId), options.token)) {
    return false;
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const trade = await trades.lockTrade(tx, options.tradeId);
    if (!trade?.claimedByUserId) return false;
    if (!isReleaseToken(trade.claimReleaseTokenHash, options.token)) return false;
    await trades.updateTrade(tx, trade.id, endedClaim);
    if (!hasLiveClaim(trade, now)) return false;
    await recordAudit(tx, {
      actor: { userId: trade.claimedByUserId, ip: options.ip },
      action: 'trade.release',
      targetType: 'trade',
      targetId: trade.id,
      before: claimOf(trade),
      after: { ...claimOf(endedClaim), page_closed: true },
    });
    return true;
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
