import type { PageQuery } from '@karta/shared/schemas/common';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import * as beneficiaries from './beneficiaries.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listUserBeneficiaries(
  ctx: AppContext,
  options: { userId: string; page: PageQuery },
) {
  const { page, size } = options.page;
  const { rows, total } = await beneficiaries.listBeneficiaries(ctx.db, {
    userId: options.userId,
    limit: size,
    offset: (page - 1) * size,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      bank_name: row.bankName,
      account_name: row.accountName,
      account_number: row.accountNumber,
    })),
    meta: { page, size, total, totalPages: Math.ceil(total / size) },
  };
}

/** Another user's account answers exactly like a missing one: its existence is not revealed. */
export async function deleteUserBeneficiary(
  ctx: AppContext,
  options: { userId: string; beneficiaryId: string },
) {
  const isDeleted =
    UUID.test(options.beneficiaryId) &&
    (await beneficiaries.softDeleteBeneficiary(ctx.db, {
      userId: options.userId,
      id: options.beneficiaryId,
      at: ctx.clock.now(),
    }));
  if (!isDeleted) {
    throw new AppError('NOT_FOUND', 'We could not find this withdrawal account.', {
      field: 'beneficiary_account_id',
    });
  }
}
