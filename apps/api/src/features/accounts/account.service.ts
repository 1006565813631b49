import { randomUUID } from 'node:crypto';
import type { AutoWithdrawalState, UpdatePinInput } from '@karta/shared/schemas/users';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashSecret } from '../../lib/passwords';
import { createOpaqueToken } from '../../lib/secrets';
import * as accounts from './accounts.repository';
import * as users from '../../lib/users';
import type { UserRow } from '../../lib/users';
import { checkPassword } from './password-throttle';
import { deleteAllPasskeys } from './passkeys.repository';
import { deleteTwoFactor } from './two-factor.repository';

export async function updatePin(
  ctx: AppContext,
  options: { user: UserRow; input: UpdatePinInput; ip: string },
) {
  const { user, input } = options;
  await checkPassword(ctx, { user, password: input.password, ip: options.ip });
  const pinHash = await hashSecret(input.pin);
  const updated = await accounts.updateUser(ctx.db, user.id, { pinHash });
  return { user: updated, isNewPin: user.pinHash === null };
}

export async function deactivateAccount(
  ctx: AppContext,
  options: { user: UserRow; password: string; ip: string },
) {
  await checkPassword(ctx, options);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await accounts.revokeAllSessions(tx, options.user.id, now);
    await accounts.updateUser(tx, options.user.id, { status: 'deactivated', deactivatedAt: now });
  });
}

/**
 * Deletion anonymises the person and keeps the records that money rules require (trades and
 * ledger refer to the row by id). The e-mail and phone become free to register again. The ways
 * in go too: the authenticator's sealed secret, the recovery codes and every passkey.
 */
export async function deleteAccount(
  ctx: AppContext,
  options: { user: UserRow; password: string; ip: string },
) {
  const { user } = options;
  await checkPassword(ctx, options);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await users.lockUser(tx, user.id);
    for (const guard of ctx.deletionGuards) {
      const reason = await guard(user.id, tx);
      if (reason) throw new AppError('BAD_REQUEST', reason);
    }
    await accounts.revokeAllSessions(tx, user.id, now);
    await deleteTwoFactor(tx, user.id);
    await deleteAllPasskeys(tx, user.id);
    await accounts.updateUser(tx, user.id, {
      status: 'deleted',
      twoFactorEnabledAt: null,
      deletedAt: now,
      firstName: 'Deleted',
      lastName: 'User',
      email: `deleted-${user.id}@deleted.karta.invalid`,
      mobileNumber: null,
      gender: null,
      dateOfBirth: null,
      // Nobody knows this password, not even us: the account can never sign in again.
      passwordHash: await hashSecret(createOpaqueToken()),
      pinHash: null,
      referralCode: `DELETED-${randomUUID()}`,
    });
  });
}

/**
 * Keeps a verified BVN on the account: only its keyed hash and last four digits. The unique
 * index on the hash refuses a BVN another account holds; the caller (kyc) words that refusal.
 */
export async function recordKycVerification(
  tx: Executor,
  userId: string,
  bvn: { hash: string; last4: string; at: Date },
) {
  await accounts.updateUser(tx, userId, {
    bvnHash: bvn.hash,
    bvnLast4: bvn.last4,
    kycVerified: true,
    kycVerifiedAt: bvn.at,
  });
}

/**
 * Keeps a verified NIN on the account, as the BVN is kept: its keyed hash and last four digits.
 * The unique index on the hash refuses a NIN another account holds (decision 063).
 */
export async function recordNinVerification(
  tx: Executor,
  userId: string,
  nin: { hash: string; last4: string; at: Date },
) {
  await accounts.updateUser(tx, userId, {
    ninHash: nin.hash,
    ninLast4: nin.last4,
    ninVerifiedAt: nin.at,
  });
}

/** Automatic withdrawal as `GET /auth/current_user` shows it (decision 038). */
export const toAutoWithdrawalState = (row: UserRow): AutoWithdrawalState => ({
  enabled: row.autoWithdrawalBeneficiaryId !== null,
  beneficiary_account_id: row.autoWithdrawalBeneficiaryId,
  changed_at: row.autoWithdrawalChangedAt?.toISOString() ?? null,
  stopped_reason: row.autoWithdrawalStoppedReason,
});

/**
 * Automatic withdrawal's switch on the user row (decision 038), in the caller's transaction:
 * on with the account it sends to, or off with why when a rule stopped it (null when the
 * seller turned it off). Withdrawals decides when; accounts keeps the writes to a user.
 */
export async function saveAutoWithdrawalSwitch(
  tx: Executor,
  userId: string,
  change: { beneficiaryId: string | null; stoppedReason: string | null; at: Date },
) {
  return accounts.updateUser(tx, userId, {
    autoWithdrawalBeneficiaryId: change.beneficiaryId,
    autoWithdrawalStoppedReason: change.stoppedReason,
    autoWithdrawalChangedAt: change.at,
  });
}
