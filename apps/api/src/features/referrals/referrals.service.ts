import { REFERRAL_REWARD_KOBO } from '@karta/shared/constants';
import type { PageQuery } from '@karta/shared/schemas/common';
import type { ReferralList } from '@karta/shared/schemas/wallet';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { koboToNaira } from '@karta/shared/money';
import { offsetOf, pageMeta } from '../../lib/paging';
import type { LedgerMovement } from '../ledger/ledger.service';
import * as referrals from './referrals.repository';

/**
 * Friends are shown by first name and initial: enough to recognise, not a contact list (the
 * referrals page, and the data export).
 */
export const shortName = (firstName: string, lastName: string) =>
  `${firstName} ${lastName.charAt(0).toUpperCase()}.`.trim();

export interface ReferralReward {
  movement: LedgerMovement;
  referrer: { id: string; email: string; firstName: string };
  rewardKobo: bigint;
}

/**
 * Called inside the approval of a trade by `referredUserId`. When they registered with a code
 * and this is their first approved trade, marks the referral rewarded and returns the ledger
 * movement that pays the referrer; otherwise null. The row lock makes two approvals of the same
 * user's trades take turns, and the movement's key makes the payment happen once regardless.
 */
export async function claimFirstTradeReward(
  tx: Executor,
  options: { referredUserId: string; tradeId: string; at: Date },
): Promise<ReferralReward | null> {
  const found = await referrals.lockReferralOf(tx, options.referredUserId);
  if (!found || found.referral.status !== 'pending') return null;
  const { referral, referrer } = found;
  // Money paid to a deleted account could never be withdrawn.
  if (referrer.status === 'deleted') {
    await referrals.updateReferral(tx, referral.id, {
      status: 'forfeited',
      tradeId: options.tradeId,
    });
    return null;
  }
  const rewardKobo = BigInt(REFERRAL_REWARD_KOBO);
  await referrals.updateReferral(tx, referral.id, {
    status: 'rewarded',
    rewardKobo,
    tradeId: options.tradeId,
    rewardedAt: options.at,
  });
  return {
    movement: {
      idempotencyKey: `referral:${options.referredUserId}:reward`,
      kind: 'referral_reward',
      description: 'Referral reward: a friend you invited completed their first trade',
      postings: [
        { account: { kind: 'referral_rewards' }, amount: -rewardKobo },
        { account: { userId: referrer.id, kind: 'user_wallet' }, amount: rewardKobo },
      ],
    },
    referrer: { id: referrer.id, email: referrer.email, firstName: referrer.firstName },
    rewardKobo,
  };
}

export async function listReferrals(
  ctx: AppContext,
  options: { userId: string; page: PageQuery },
): Promise<ReferralList> {
  const { rows, total, earnedKobo } = await referrals.listReferralsOf(ctx.db, {
    referrerUserId: options.userId,
    limit: options.page.size,
    offset: offsetOf(options.page),
  });
  return {
    data: rows.map(({ referral, firstName, lastName }) => ({
      id: referral.id,
      referred_name: shortName(firstName, lastName),
      status: referral.status,
      reward: koboToNaira(referral.rewardKobo),
      joined_at: referral.createdAt.toISOString(),
      rewarded_at: referral.rewardedAt?.toISOString() ?? null,
    })),
    meta: pageMeta(options.page, total),
    total_earned: koboToNaira(earnedKobo),
  };
}

/** Remembers, inside the registration's transaction, who invited the new user. */
export function recordReferral(
  tx: Executor,
  options: { referrerUserId: string; referredUserId: string; at: Date },
) {
  return referrals.insertReferral(tx, {
    referrerUserId: options.referrerUserId,
    referredUserId: options.referredUserId,
    createdAt: options.at,
  });
}
