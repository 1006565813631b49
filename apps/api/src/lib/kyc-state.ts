import { getLagosDate } from '@karta/shared/dates';
import { nextTierOf, TIER_NEEDS, type KycTier, type TierLadder } from '@karta/shared/kyc-tiers';
import { koboToNaira } from '@karta/shared/money';
import type { KycState, KycTierLimits } from '@karta/shared/schemas/kyc';
import { getWithdrawalRoom } from '@karta/shared/withdrawal-rules';
import { desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { kycSubmissions } from '../db/schema/kyc-submissions';
import { withdrawals } from '../db/schema/withdrawals';
import { startOfLagosDay } from './lagos-time';
import type { UserRow } from './users';

/**
 * What a seller's withdrawals since `from` add up to, failed ones aside: the daily limits'
 * "withdrawn today". Below the features because the withdrawal rules and `current_user`
 * (accounts) both read it.
 */
async function sumWithdrawnSince(tx: Executor, userId: string, from: Date): Promise<bigint> {
  const result = await tx.execute<{ total: string }>(sql`
    select coalesce(sum(amount_kobo), 0)::text as total from ${withdrawals}
     where user_id = ${userId} and created_at >= ${from} and status <> 'failed'`);
  return BigInt(result.rows[0]?.total ?? '0');
}

/** Today's withdrawals of a seller, Lagos day. */
export const sumWithdrawnToday = (tx: Executor, userId: string, now: Date) =>
  sumWithdrawnSince(tx, userId, startOfLagosDay(getLagosDate(now)));

/**
 * The KYC status in words: tier 0 `unverified`; below tier 3, the latest documents waiting for an
 * operator (`pending_review`) or sent back (`rejected`, decision 066); else `verified`.
 */
async function kycStatusOf(tx: Executor, user: UserRow): Promise<KycState['status']> {
  if (user.kycTier === 0) return 'unverified';
  if (user.kycTier < 3) {
    const [latest] = await tx
      .select({ status: kycSubmissions.status })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, user.id))
      .orderBy(desc(kycSubmissions.submittedAt))
      .limit(1);
    if (latest?.status === 'pending_review' || latest?.status === 'rejected') return latest.status;
  }
  return 'verified';
}

/** The tier of a user row, typed (the column's check keeps it within 0–3). */
export const kycTierOf = (row: UserRow): KycTier => row.kycTier as KycTier;

/** Every withdrawing tier's limits, in naira, for the ladder and the refusal words. */
export const toTierLimits = (ladder: TierLadder): KycTierLimits[] =>
  ([1, 2, 3] as const).map((tier) => ({
    tier,
    daily_withdrawal: koboToNaira(ladder[tier].dailyKobo),
    single_withdrawal: koboToNaira(ladder[tier].singleKobo),
  }));

/**
 * Where the seller stands (decision 063): the tier, the limits that hold for them now (the
 * lower of the tier's and the platform's), today's withdrawals and what is left, and the next
 * step. `current_user` and the withdraw screen's terms both answer it.
 */
export async function readKycState(
  tx: Executor,
  options: {
    user: UserRow;
    limits: Pick<Config, 'withdrawals' | 'kycTiers'>;
    now: Date;
  },
): Promise<KycState> {
  const { user, limits } = options;
  const tier = kycTierOf(user);
  const withdrawnTodayKobo = await sumWithdrawnToday(tx, user.id, options.now);
  const room = getWithdrawalRoom({
    maxKobo: limits.withdrawals.maxKobo,
    dailyLimitKobo: limits.withdrawals.dailyLimitKobo,
    withdrawnTodayKobo,
    tier,
    ladder: limits.kycTiers,
  });
  const next = nextTierOf(tier);
  return {
    tier,
    status: await kycStatusOf(tx, user),
    limits: {
      daily_withdrawal: koboToNaira(room.dailyKobo),
      single_withdrawal: koboToNaira(room.singleKobo),
      withdrawn_today: koboToNaira(withdrawnTodayKobo),
      remaining_today: koboToNaira(room.remainingKobo),
    },
    next: next === null ? null : { tier: next, needs: [...TIER_NEEDS[next]] },
  };
}
