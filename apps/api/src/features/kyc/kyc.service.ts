import {
  IdentityUnavailableError,
  type IdentityField,
  type IdentityVerdict,
} from '../../adapters/identity/identity';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { keyedHash } from '../../lib/secrets';
import { recordKycVerification } from '../accounts/account.service';
import { setKycTier } from '../accounts/kyc-tier.service';
import type { UserRow } from '../../lib/users';
import { isUniqueViolation } from '../../lib/pg-errors';

const UNAVAILABLE = 'BVN verification is not available right now. Please contact support.';
const UNKNOWN_BVN = 'This BVN is not valid or could not be found. Check its 11 digits.';
const TAKEN = 'This BVN is already verified on another Karta account. Contact support.';
const OTHER_BVN = 'A different BVN is already verified on this account. Contact support.';

/** In the order a person reads their details. */
const PART_NAMES = [
  ['first_name', 'first name'],
  ['last_name', 'last name'],
  ['date_of_birth', 'date of birth'],
] as const;
const LIST = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** Says which part did not match, in our words: never what the provider holds instead. */
function noMatchMessage(mismatched: IdentityField[]): string {
  if (mismatched.includes('bvn')) return UNKNOWN_BVN;
  const parts = PART_NAMES.filter(([field]) => mismatched.includes(field)).map(([, name]) => name);
  return `This BVN does not match your ${LIST.format(parts)}.`;
}

/** Keyed, so a stolen table cannot be reversed by hashing all 10¹¹ BVNs. */
const bvnHashOf = (ctx: AppContext, bvn: string) => keyedHash(ctx.keys.bvnHashes, bvn);

/**
 * Checks the BVN against the user's names and date of birth through the identity port, then
 * keeps only a keyed hash and the last four digits (docs/ARCHITECTURE.md#domain-rules, decision 012), and raises the
 * account to tier 1 (decision 063). Verifying the same BVN again is harmless; a different one,
 * or one another account holds, is refused.
 */
export async function verifyKyc(
  ctx: AppContext,
  options: { user: UserRow; bvn: string; ip: string },
) {
  const { user, bvn } = options;
  const bvnHash = bvnHashOf(ctx, bvn);
  if (user.kycVerified) {
    if (user.bvnHash !== bvnHash) throw new AppError('CONFLICT', OTHER_BVN, { field: 'bvn' });
    return { kyc_verified: true, bvn_last4: user.bvnLast4 ?? bvn.slice(-4) };
  }
  let verdict: IdentityVerdict;
  try {
    // The account's own names and date of birth, never values from the request.
    verdict =
      user.dateOfBirth === null
        ? { matched: false, mismatched: ['date_of_birth'] }
        : await ctx.identity.verifyBvn({
            bvn,
            firstName: user.firstName,
            lastName: user.lastName,
            dateOfBirth: user.dateOfBirth,
          });
  } catch (error) {
    if (error instanceof IdentityUnavailableError) {
      throw new AppError('UNAVAILABLE', UNAVAILABLE, { field: 'bvn', cause: error });
    }
    throw error;
  }
  if (!verdict.matched) {
    throw new AppError('BAD_REQUEST', noMatchMessage(verdict.mismatched), { field: 'bvn' });
  }
  try {
    // The BVN and the tier it earns (1, decision 063) in one transaction: both or neither.
    await ctx.db.transaction(async (tx) => {
      const at = ctx.clock.now();
      await recordKycVerification(tx, user.id, { hash: bvnHash, last4: bvn.slice(-4), at });
      await setKycTier(tx, {
        userId: user.id,
        tier: 1,
        reason: 'bvn_verified',
        actor: { userId: user.id, ip: options.ip },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_bvn_hash_key')) {
      throw new AppError('CONFLICT', TAKEN, { domainCode: 'ALREADY_EXISTS', field: 'bvn' });
    }
    throw error;
  }
  return { kyc_verified: true, bvn_last4: bvn.slice(-4) };
}
