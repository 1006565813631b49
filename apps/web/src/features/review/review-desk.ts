import { getLagosClockTime } from '@karta/shared/dates';
import { TRADE_REVIEW_STATUSES } from '@karta/shared/constants';
import type { AdminTrade, TradeClaim } from '@karta/shared/schemas/trades';

/** Pending, or awaiting its second approval: a status operators claim and decide in. */
export const isUnderReview = (trade: AdminTrade) =>
  (TRADE_REVIEW_STATUSES as readonly string[]).includes(trade.status);

/** This operator made the first approval the trade now waits on: someone else must confirm. */
export const isFirstApprover = (trade: AdminTrade, operatorId: string) =>
  trade.second_approval?.approved_by.id === operatorId;

/** The trade's claim while it lasts by this clock; an expired one is no claim. */
export function liveClaim(trade: AdminTrade, now: number): TradeClaim | null {
  const { claim } = trade;
  return isUnderReview(trade) && claim && new Date(claim.until).getTime() > now ? claim : null;
}

export const holderName = (claim: TradeClaim) =>
  `${claim.holder.first_name} ${claim.holder.last_name}`;

/** "10:42": when the claim ends, Lagos time. */
export const claimEnd = (claim: TradeClaim) => getLagosClockTime(new Date(claim.until));

/** A pending trade past its review target, by this clock. */
export const isLate = (trade: AdminTrade, now: number) =>
  trade.status === 'pending' &&
  trade.review_due_at !== null &&
  now > new Date(trade.review_due_at).getTime();

/** The review target in minutes, as the server set the trade's due time. */
export function targetMinutes(trade: AdminTrade): number | null {
  if (!trade.review_due_at) return null;
  return Math.round(
    (new Date(trade.review_due_at).getTime() - new Date(trade.created_at).getTime()) / 60_000,
  );
}
