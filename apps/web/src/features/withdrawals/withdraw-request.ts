import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import type { AccountResolution } from '../../components/bank-account/use-account-resolution';
import type { WithdrawalRequestBody } from './api';
import { NEW_ACCOUNT, type WithdrawFormValues } from './withdraw-form-schema';

/** Where the money goes, as the confirmation screen and the success screen name it. */
export interface Destination {
  bankName: string;
  accountName: string;
  accountNumber: string;
}

export function getDestination(
  values: WithdrawFormValues,
  beneficiaries: readonly BeneficiaryAccount[],
  resolution: AccountResolution,
): Destination | null {
  if (values.destination === NEW_ACCOUNT) {
    if (!values.bank || resolution.status !== 'resolved') return null;
    return {
      bankName: values.bank.name,
      accountName: resolution.account.account_name,
      accountNumber: values.accountNumber,
    };
  }
  const saved = beneficiaries.find((account) => account.id === values.destination);
  return saved
    ? {
        bankName: saved.bank_name,
        accountName: saved.account_name,
        accountNumber: saved.account_number,
      }
    : null;
}

/**
 * The request body (decision 012, docs/api.md): a saved account by its id, or the bank and number typed
 * now. The account name is never sent: the server resolves it itself (docs/ARCHITECTURE.md#domain-rules).
 */
export function buildWithdrawalBody(
  values: WithdrawFormValues,
  pin: string,
): WithdrawalRequestBody {
  const amount = Number(values.amount.trim());
  if (values.destination !== NEW_ACCOUNT) {
    return { amount, pin, beneficiary_account_id: values.destination };
  }
  return {
    amount,
    pin,
    bank_id: values.bank?.id,
    account_bank: values.bank?.code,
    account_number: values.accountNumber,
    add_as_beneficiary: values.addAsBeneficiary,
  };
}
