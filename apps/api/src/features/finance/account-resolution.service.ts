import type { BankAccountInput, ResolvedAccount } from '@karta/shared/schemas/finance';
import { ProviderUnavailableError, type AccountHolder } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { findBank, type BankRow } from './banks.service';

export interface ResolvedBankAccount extends ResolvedAccount {
  bank: BankRow;
}

/**
 * The account holder's name, always from the provider (docs/ARCHITECTURE.md#domain-rules: never from the client),
 * never cached: a closed or renamed account must show as it is now.
 */
export async function resolveBankAccount(
  ctx: AppContext,
  input: BankAccountInput,
  /** The seller asking: only the sandbox reads it (decision 064), a real bank never sees it. */
  expectedHolder?: AccountHolder,
): Promise<ResolvedBankAccount> {
  const bank = await findBank(ctx, input.bank_id, input.account_bank);
  let accountName: string | null;
  try {
    accountName = await ctx.payouts.resolveAccount({
      bankCode: bank.code,
      accountNumber: input.account_number,
      expectedHolder,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      throw new AppError(
        'UNAVAILABLE',
        'We could not reach the bank just now. Please try again in a minute.',
        { cause: error, retryAfterSeconds: error.retryAfterSeconds },
      );
    }
    throw error;
  }
  if (!accountName) {
    throw new AppError(
      'BAD_REQUEST',
      `We could not find this account at ${bank.name}. Check the number.`,
      { field: 'account_number' },
    );
  }
  return {
    bank,
    account_name: accountName,
    account_number: input.account_number,
    bank_name: bank.name,
  };
}
