import type { PageQuery } from '@karta/shared/schemas/common';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { BankAccountInput } from '@karta/shared/schemas/finance';
import { AppError } from '../../lib/app-error';
import { pageMeta } from '../../lib/paging';
import * as beneficiaries from './beneficiaries.repository';
import { isUniqueViolation } from '../../lib/pg-errors';
import { findUserById, lockUser, type UserRow } from '../../lib/users';
import { notOwnAccountError, notOwnAccountReason, resolveForSeller } from './own-accounts.service';
import { AUTO_WITHDRAWAL_ACCOUNT_DELETED } from '@karta/shared/schemas/users';
import { saveAutoWithdrawalSwitch } from '../accounts/account.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toView = (row: beneficiaries.BeneficiaryRow, needsApproval = false) => ({
  id: row.id,
  bank_name: row.bankName,
  account_name: row.accountName,
  account_number: row.accountNumber,
  needs_approval: needsApproval,
});

/** The seller's saved accounts; one saved before decision 064 in another name says so. */
export async function listUserBeneficiaries(
  ctx: AppContext,
  options: { user: UserRow; page: PageQuery },
) {
  const { user } = options;
  const { page, size } = options.page;
  const { rows, total } = await beneficiaries.listBeneficiaries(ctx.db, {
    userId: user.id,
    limit: size,
    offset: (page - 1) * size,
  });
  const data = await Promise.all(
    rows.map(async (row) =>
      toView(row, (await notOwnAccountReason(ctx.db, { user, ...row })) !== null),
    ),
  );
  return { data, meta: pageMeta(options.page, total) };
}

/**
 * Another user's account answers exactly like a missing one: its existence is not revealed.
 * Deleting the account automatic withdrawal sends to turns it off in the same transaction
 * (decision 038), with the user row locked as every switch of it is.
 */
export async function deleteUserBeneficiary(
  ctx: AppContext,
  options: { userId: string; beneficiaryId: string },
) {
  const now = ctx.clock.now();
  const isDeleted =
    UUID.test(options.beneficiaryId) &&
    (await ctx.db.transaction(async (tx) => {
      await lockUser(tx, options.userId);
      const deleted = await beneficiaries.softDeleteBeneficiary(tx, {
        userId: options.userId,
        id: options.beneficiaryId,
        at: now,
      });
      const user = deleted ? await findUserById(tx, options.userId) : undefined;
      if (user?.autoWithdrawalBeneficiaryId === options.beneficiaryId) {
        await saveAutoWithdrawalSwitch(tx, options.userId, {
          beneficiaryId: null,
          stoppedReason: AUTO_WITHDRAWAL_ACCOUNT_DELETED,
          at: now,
        });
      }
      return deleted;
    }));
  if (!isDeleted) {
    throw new AppError('NOT_FOUND', 'We could not find this withdrawal account.', {
      field: 'beneficiary_account_id',
    });
  }
}

const BENEFICIARY_EXISTS = 'This account is already saved.';

/**
 * Saves a withdrawal account. The name is the provider's resolution, made here on the server;
 * an account not in the seller's own name is refused unless an operator approved it (decision
 * 064), and the same bank and number twice is refused (the partial unique index decides under
 * races).
 */
export async function addUserBeneficiary(
  ctx: AppContext,
  options: { user: UserRow; input: BankAccountInput },
) {
  const { user } = options;
  const resolved = await resolveForSeller(ctx, user, options.input);
  const notOwn = await notOwnAccountReason(ctx.db, {
    user,
    bankCode: resolved.bank.code,
    accountNumber: resolved.account_number,
    accountName: resolved.account_name,
  });
  if (notOwn) throw notOwnAccountError(notOwn, 'account_number');
  try {
    const row = await beneficiaries.insertBeneficiary(ctx.db, {
      userId: user.id,
      bankCode: resolved.bank.code,
      bankName: resolved.bank.name,
      accountNumber: resolved.account_number,
      accountName: resolved.account_name,
      createdAt: ctx.clock.now(),
    });
    return toView(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', BENEFICIARY_EXISTS, {
        domainCode: 'ALREADY_EXISTS',
        field: 'account_number',
      });
    }
    throw error;
  }
}

/** A saved account of this user's that has not been deleted (in `tx` when given one). */
export const findLiveBeneficiary = (
  ctx: AppContext,
  options: { userId: string; id: string },
  tx: Executor = ctx.db,
) => beneficiaries.findLiveBeneficiary(tx, options);

/** "Add as beneficiary" on a withdrawal: saved inside the withdrawal's transaction. */
export async function saveBeneficiaryWithin(
  tx: Executor,
  options: {
    userId: string;
    bankCode: string;
    bankName: string;
    accountNumber: string;
    accountName: string;
    at: Date;
  },
): Promise<string> {
  const row = await beneficiaries.saveBeneficiaryOnce(tx, {
    userId: options.userId,
    bankCode: options.bankCode,
    bankName: options.bankName,
    accountNumber: options.accountNumber,
    accountName: options.accountName,
    createdAt: options.at,
  });
  return row.id;
}

/** The provider's recipient for a saved account, kept after its first payout. */
export async function rememberRecipient(
  ctx: AppContext,
  options: { beneficiaryId: string; recipientCode: string },
) {
  await beneficiaries.setRecipientCode(ctx.db, options);
}
