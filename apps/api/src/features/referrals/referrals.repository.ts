import { count, desc, eq, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { referrals } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';

export type ReferralRow = typeof referrals.$inferSelect;

export async function insertReferral(
  tx: Executor,
  values: { referrerUserId: string; referredUserId: string; createdAt: Date },
) {
  await tx.insert(referrals).values(values);
}

/** The referral of this user with its referrer, locked: reviewers of two trades queue here. */
export async function lockReferralOf(tx: Executor, referredUserId: string) {
  const [row] = await tx
    .select({ referral: referrals, referrer: users })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerUserId))
    .where(eq(referrals.referredUserId, referredUserId))
    .for('update', { of: referrals });
  return row;
}

export async function updateReferral(tx: Executor, id: string, values: Partial<ReferralRow>) {
  await tx.update(referrals).set(values).where(eq(referrals.id, id));
}

export async function listReferralsOf(
  tx: Executor,
  options: { referrerUserId: string; limit: number; offset: number },
) {
  const mine = eq(referrals.referrerUserId, options.referrerUserId);
  const [rows, [totals]] = await Promise.all([
    tx
      .select({ referral: referrals, firstName: users.firstName, lastName: users.lastName })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredUserId))
      .where(mine)
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(options.limit)
      .offset(options.offset),
    tx
      .select({ total: count(), earned: sum(referrals.rewardKobo) })
      .from(referrals)
      .where(mine),
  ]);
  return {
    rows,
    total: totals?.total ?? 0,
    earnedKobo: BigInt(totals?.earned ?? '0'),
  };
}
