import { asc, eq } from 'drizzle-orm';
import { koboToNaira } from '@karta/shared/money';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { referrals } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';
import { shortName } from './referrals.service';

/**
 * Who invited the seller, and whom they invited, for their data export. The other people appear
 * as the referrals page shows them (first name and initial): their data is theirs to ask for.
 */
export async function exportReferrals(
  tx: Executor,
  userId: string,
): Promise<DataExport['referrals']> {
  // One statement at a time: the caller's transaction is one connection.
  const invitedBy = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerUserId))
    .where(eq(referrals.referredUserId, userId));
  const invited = await tx
    .select({ referral: referrals, firstName: users.firstName, lastName: users.lastName })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referrerUserId, userId))
    .orderBy(asc(referrals.createdAt), asc(referrals.id));
  const [referrer] = invitedBy;
  return {
    referred_by: referrer ? shortName(referrer.firstName, referrer.lastName) : null,
    invited: invited.map(({ referral, firstName, lastName }) => ({
      referred_name: shortName(firstName, lastName),
      status: referral.status,
      reward: koboToNaira(referral.rewardKobo),
      joined_at: referral.createdAt.toISOString(),
      rewarded_at: referral.rewardedAt?.toISOString() ?? null,
    })),
  };
}
