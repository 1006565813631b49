import { TRADE_REVIEW_STATUSES, type TradeStatus } from '@karta/shared/constants';
import { TRADE_REVIEW_MESSAGES } from '@karta/shared/schemas/trades';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor, type AuditEntry } from '../../lib/audit-log';
import * as deskClaims from '../../lib/desk-claims';
import { claimOf, type ClaimDesk } from '../../lib/desk-claims';
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

/** "Ada Obi", or words for a holder whose account is gone. */
async function nameOf(tx: Executor, userId: string | null) {
  const [holder] = await trades.findNames(tx, [userId ?? '']);
  return holder ? `${holder.firstName} ${holder.lastName}` : 'Another operator';
}

/** The trade desk's claims on the one mechanism every desk shares (decision 078). */
const tradeDesk: ClaimDesk<trades.TradeRow> = {
  actions: {
    claim: 'trade.claim',
    renew: 'trade.claim_renew',
    takeOver: 'trade.claim_take_over',
    release: 'trade.release',
  },
  targetType: 'trade',
  words: TRADE_REVIEW_MESSAGES,
  notFound: tradeNotFound,
  lock: (tx, id) => trades.lockTrade(tx, id),
  // A trade awaiting its second approval is claimed by whoever confirms or sends it back.
  lockWorkable: (tx, id, actor) => lockPendingTrade(tx, id, actor, TRADE_REVIEW_STATUSES),
  findTokenHash: trades.findClaimTokenHash,
  update: trades.updateTrade,
  isLive: hasLiveClaim,
  nameOf,
};

/** 409 when someone else's claim on the trade still lasts, naming them and until when. */
export const refuseOthersClaim = (tx: Executor, trade: trades.TradeRow, actor: Actor, now: Date) =>
  deskClaims.refuseOthersClaim(tradeDesk, tx, trade, actor, now);

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
export const endedClaim = deskClaims.endedClaim;

/**
 * Claims (or renews the caller's claim on) a pending trade until REVIEW_CLAIM_MINUTES from
 * now, audited (`trade.claim`, `trade.claim_renew`). Answers the claim's new release token
 * (decision 072). `takeOver`: another operator's claim silent for CLAIM_TAKEOVER_SILENCE_SECONDS
 * is taken too (`trade.claim_take_over`); while it is not, 409 CLAIMED.
 */
export const takeClaim = (
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; takeOver?: boolean },
) => deskClaims.takeDeskClaim(ctx, tradeDesk, { ...options, id: options.tradeId });

/** The review page's heartbeat (not audited); 409 CLAIM_LOST naming who holds it now. */
export const heartbeatClaim = (ctx: AppContext, options: { actor: Actor; tradeId: string }) =>
  deskClaims.heartbeatDeskClaim(ctx, tradeDesk, { actor: options.actor, id: options.tradeId });

/** The closing page's beacon: the release token ends the claim it was given with, once. */
export const releaseClaimByToken = (
  ctx: AppContext,
  options: { tradeId: string; token: string; ip: string },
) => deskClaims.releaseDeskClaimByToken(ctx, tradeDesk, { ...options, id: options.tradeId });

/**
 * Ends the caller's own claim (they left the trade). Anyone else's live claim is 409 CLAIMED;
 * an expired claim or none at all is left as it is: leaving a page must never fail.
 */
export const dropClaim = (ctx: AppContext, options: { actor: Actor; tradeId: string }) =>
  deskClaims.dropDeskClaim(ctx, tradeDesk, { actor: options.actor, id: options.tradeId });
