import { asc, eq } from 'drizzle-orm';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { passkeys } from '../../db/schema/passkeys';
import { totpCredentials } from '../../db/schema/two-factor';
import type { UserRow } from '../../lib/users';
import { countUnusedRecoveryCodes } from './two-factor.repository';

type AccountSections = Pick<DataExport, 'profile' | 'kyc' | 'two_factor' | 'auto_withdrawal'>;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * What the accounts feature holds about the seller, for their data export (docs/data-protection.md):
 * the profile, the BVN step, the second factors and the automatic-withdrawal switch. Named
 * field by field, never the row spread: the password and PIN hashes, the BVN's keyed hash, the
 * authenticator's sealed secret, passkeys' public keys and the recovery codes' hashes are
 * security material, not the seller's data, and a new column stays out until it is named here.
 */
export async function exportAccount(tx: Executor, user: UserRow): Promise<AccountSections> {
  // One statement at a time: the caller's transaction is one connection.
  const [totp] = await tx
    .select({ confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, user.id));
  const keys = await tx
    .select({
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .orderBy(asc(passkeys.createdAt));
  const recoveryCodesLeft = await countUnusedRecoveryCodes(tx, user.id);
  const authenticatorOn = user.twoFactorEnabledAt !== null;
  return {
    profile: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      mobile_number: user.mobileNumber,
      gender: user.gender,
      date_of_birth: user.dateOfBirth,
      role: user.role,
      status: user.status,
      referral_code: user.referralCode,
      has_withdrawal_pin: user.pinHash !== null,
      pin_locked_until: iso(user.pinLockedUntil),
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
      verified_at: iso(user.verifiedAt),
      deactivated_at: iso(user.deactivatedAt),
    },
    kyc: {
      bvn_verified: user.kycVerified,
      bvn_last4: user.bvnLast4,
      bvn_verified_at: iso(user.kycVerifiedAt),
      tier: user.kycTier,
      nin_last4: user.ninLast4,
      nin_verified_at: iso(user.ninVerifiedAt),
    },
    two_factor: {
      authenticator_on: authenticatorOn,
      authenticator_on_since: authenticatorOn
        ? iso(totp?.confirmedAt ?? user.twoFactorEnabledAt)
        : null,
      recovery_codes_left: authenticatorOn ? recoveryCodesLeft : 0,
      passkeys: keys.map((key) => ({
        name: key.name,
        created_at: key.createdAt.toISOString(),
        last_used_at: iso(key.lastUsedAt),
      })),
    },
    auto_withdrawal: {
      on: user.autoWithdrawalBeneficiaryId !== null,
      beneficiary_id: user.autoWithdrawalBeneficiaryId,
      changed_at: iso(user.autoWithdrawalChangedAt),
      stopped_reason: user.autoWithdrawalStoppedReason,
    },
  };
}
