import type { KycState } from '@karta/shared/schemas/kyc';
import { IdentityUnavailableError, type RegisteredPerson } from '../../adapters/identity/identity';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { kycTierOf, readKycState } from '../../lib/kyc-state';
import { isUniqueViolation } from '../../lib/pg-errors';
import { keyedHash } from '../../lib/secrets';
import type { UserRow } from '../../lib/users';
import { recordNinVerification } from '../accounts/account.service';
import { setKycTier } from '../accounts/kyc-tier.service';
import { compareWithHolder, type PersonMismatch } from './same-person';

const UNAVAILABLE = 'NIN verification is not available right now. Please contact support.';
const BVN_FIRST = 'Verify your BVN before your NIN.';
const UNKNOWN_NIN = 'This NIN is not valid or could not be found. Check its 11 digits.';
const TAKEN = 'This NIN is already verified on another Karta account. Contact support.';
const OTHER_NIN = 'A different NIN is already verified on this account. Contact support.';

/** Says what did not match, never what the register holds instead. */
const NO_MATCH: Readonly<Record<string, string>> = {
  name: 'The name on this NIN is not the name on your verified BVN.',
  date_of_birth: 'The date of birth on this NIN is not the one on your verified BVN.',
  'name,date_of_birth':
    'The name and date of birth on this NIN are not those on your verified BVN.',
};
const noMatchMessage = (mismatched: PersonMismatch[]) =>
  NO_MATCH[mismatched.join(',')] ?? UNKNOWN_NIN;

/** Keyed under its own label (decision 063), so a stolen table cannot be reversed by trying NINs. */
const ninHashOf = (ctx: AppContext, nin: string) => keyedHash(ctx.keys.ninHashes, nin);

const stateOf = (ctx: AppContext, user: UserRow) =>
  readKycState(ctx.db, { user, limits: ctx.config, now: ctx.clock.now() });

/**
 * `POST /user/verify_nin/{user_id}` (decision 063): after the BVN, the NIN is looked up in the
 * national register through the identity port, and its holder must be the BVN's (the account's
 * names and date of birth, which the BVN check matched). Karta keeps a keyed hash and the last
 * four digits, never the NIN or the register's record, and the account reaches tier 2. The
 * same NIN again is harmless; another NIN, or one another account holds, is refused. Provider
 * down: 503 and nothing changes, as for the BVN. Not a money move, so no step-up.
 */
export async function verifyNin(
  ctx: AppContext,
  options: { user: UserRow; nin: string; ip: string },
): Promise<{ nin_last4: string; kyc: KycState }> {
  const { user, nin } = options;
  if (!user.kycVerified || kycTierOf(user) === 0 || user.dateOfBirth === null) {
    throw new AppError('BAD_REQUEST', BVN_FIRST, { field: 'nin' });
  }
  const ninHash = ninHashOf(ctx, nin);
  if (user.ninHash !== null) {
    if (user.ninHash !== ninHash) throw new AppError('CONFLICT', OTHER_NIN, { field: 'nin' });
    return { nin_last4: user.ninLast4 ?? nin.slice(-4), kyc: await stateOf(ctx, user) };
  }
  // The account's own names and date of birth, never values from the request.
  const holder = {
    firstName: user.firstName,
    lastName: user.lastName,
    dateOfBirth: user.dateOfBirth,
  };
  let record: RegisteredPerson | null;
  try {
    record = await ctx.identity.lookupNin({ nin, holder });
  } catch (error) {
    if (error instanceof IdentityUnavailableError) {
      throw new AppError('UNAVAILABLE', UNAVAILABLE, { field: 'nin', cause: error });
    }
    throw error;
  }
  if (record === null) throw new AppError('BAD_REQUEST', UNKNOWN_NIN, { field: 'nin' });
  const mismatched = compareWithHolder(holder, record);
  if (mismatched.length > 0) {
    throw new AppError('BAD_REQUEST', noMatchMessage(mismatched), { field: 'nin' });
  }
  let row: UserRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      await recordNinVerification(tx, user.id, {
        hash: ninHash,
        last4: nin.slice(-4),
        at: ctx.clock.now(),
      });
      return setKycTier(tx, {
        userId: user.id,
        tier: 2,
        reason: 'nin_verified',
        actor: { userId: user.id, ip: options.ip },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_nin_hash_key')) {
      throw new AppError('CONFLICT', TAKEN, { domainCode: 'ALREADY_EXISTS', field: 'nin' });
    }
    throw error;
  }
  return { nin_last4: nin.slice(-4), kyc: await stateOf(ctx, row) };
}
