import type { KycTier } from '@karta/shared/kyc-tiers';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import * as users from '../../lib/users';
import * as accounts from './accounts.repository';

/**
 * Why a tier changed. The events that raise it (a verified BVN, a verified NIN, documents an
 * operator approved) and an admin's lowering all come through setKycTier, which records which.
 */
export type KycTierReason =
  'bvn_verified' | 'nin_verified' | 'documents_approved' | 'lowered_by_admin';

/**
 * Sets a seller's KYC tier (decision 063), in the caller's transaction: the row locked, the tier
 * written, and an audit entry with the tier before and after and the reason (and an admin's
 * note). A raise never lowers: an event that would raise to a tier the seller already passed
 * changes nothing. Only `lowered_by_admin` may lower. Answers the row as it now stands.
 */
export async function setKycTier(
  tx: Executor,
  options: {
    userId: string;
    tier: KycTier;
    reason: KycTierReason;
    actor: Actor;
    note?: string;
  },
): Promise<users.UserRow> {
  const { userId, tier, reason } = options;
  const locked = await users.lockAndFindUser(tx, userId);
  if (!locked) throw new AppError('NOT_FOUND', 'We could not find this account.');
  const before = locked.kycTier as KycTier;
  const isLowering = reason === 'lowered_by_admin';
  if (isLowering ? tier >= before : tier <= before) return locked;
  const row = await accounts.updateUser(tx, userId, { kycTier: tier });
  await recordAudit(tx, {
    actor: options.actor,
    action: 'user.kyc_tier',
    targetType: 'user',
    targetId: userId,
    before: { tier: before },
    after: { tier, reason, ...(options.note === undefined ? {} : { note: options.note }) },
  });
  return row;
}
