import type { WithdrawalRequestInput } from '@karta/shared/schemas/withdrawals';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { UserRow } from '../../lib/users';
import { findLiveBeneficiary } from '../beneficiaries/beneficiaries.service';
import { resolveForSeller } from '../beneficiaries/own-accounts.service';

/** Where a withdrawal pays to, as the bank resolved it. */
export interface WithdrawalDestination {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  beneficiaryId: string | null;
  recipientCode: string | null;
  saveAsBeneficiary: boolean;
}

/**
 * Where the money goes: a saved account of the user's, or one resolved with the bank now; and
 * when the saved one was added (null for one typed in now), for the step-up rule.
 */
export async function destinationOf(
  ctx: AppContext,
  user: UserRow,
  input: WithdrawalRequestInput,
): Promise<WithdrawalDestination & { savedAt: Date | null }> {
  if (input.beneficiary_account_id) {
    const saved = isUuid(input.beneficiary_account_id)
      ? await findLiveBeneficiary(ctx, { userId: user.id, id: input.beneficiary_account_id })
      : undefined;
    if (!saved) {
      throw new AppError('NOT_FOUND', 'We could not find this withdrawal account.', {
        field: 'beneficiary_account_id',
      });
    }
    return {
      bankCode: saved.bankCode,
      bankName: saved.bankName,
      accountNumber: saved.accountNumber,
      accountName: saved.accountName,
      beneficiaryId: saved.id,
      recipientCode: saved.recipientCode,
      saveAsBeneficiary: false,
      savedAt: saved.createdAt,
    };
  }
  const resolved = await resolveForSeller(ctx, user, {
    bank_id: input.bank_id ?? 0,
    account_bank: input.account_bank ?? '',
    account_number: input.account_number ?? '',
  });
  return {
    bankCode: resolved.bank.code,
    bankName: resolved.bank.name,
    accountNumber: resolved.account_number,
    accountName: resolved.account_name,
    beneficiaryId: null,
    recipientCode: null,
    saveAsBeneficiary: input.add_as_beneficiary,
    savedAt: null,
  };
}
