import { BANK_ACCOUNT_DIGITS } from '@karta/shared/constants';
import type { Bank } from '@karta/shared/schemas/finance';
import type { Ref, RefCallback } from 'react';
import { TextInput } from '../ui/text-input';
import type { AccountResolutionState } from './use-account-resolution';
import { BankSelect } from './bank-select';

interface BankAccountFieldsProps {
  bank: Bank | null;
  onBankChange: (bank: Bank | null) => void;
  accountNumber: string;
  onAccountNumberChange: (value: string) => void;
  onAccountNumberBlur?: () => void;
  resolution: AccountResolutionState;
  bankError?: string | undefined;
  accountNumberError?: string | undefined;
  bankRef?: RefCallback<HTMLInputElement> | undefined;
  accountNumberRef?: Ref<HTMLInputElement> | undefined;
}

/**
 * Bank, 10-digit account number, and the account name the bank gives back (docs/product.md §1): the
 * name is how people check they typed their own account, so it shows the moment it is known.
 */
export function BankAccountFields({
  bank,
  onBankChange,
  accountNumber,
  onAccountNumberChange,
  onAccountNumberBlur,
  resolution,
  bankError,
  accountNumberError,
  bankRef,
  accountNumberRef,
}: BankAccountFieldsProps) {
  const numberError =
    accountNumberError ?? (resolution.status === 'failed' ? resolution.message : undefined);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4">
        <BankSelect value={bank} onChange={onBankChange} error={bankError} inputRef={bankRef} />
        <TextInput
          ref={accountNumberRef}
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          placeholder={`${String(BANK_ACCOUNT_DIGITS)} digits`}
          maxLength={BANK_ACCOUNT_DIGITS}
          value={accountNumber}
          onChange={(event) => {
            const next = event.target.value.replace(/\D/g, '').slice(0, BANK_ACCOUNT_DIGITS);
            onAccountNumberChange(next);
          }}
          onBlur={onAccountNumberBlur}
          error={numberError}
          hint={bank ? undefined : 'Choose the bank first, then type the number.'}
        />
      </div>
      <div aria-live="polite" className="min-h-6">
        {resolution.status === 'checking' && (
          <p className="flex items-center gap-2 text-sm text-slate">
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-brand/25 border-t-brand"
            />
            Checking the account name with {bank?.name ?? 'the bank'}...
          </p>
        )}
        {resolution.status === 'failed' && resolution.isRetryable && (
          <button
            type="button"
            onClick={resolution.retry}
            className="min-h-11 rounded-[12px] px-2 text-sm font-semibold text-brand underline hover:text-brand-deep"
          >
            Check the account again
          </button>
        )}
        {resolution.status === 'resolved' && (
          <div className="rounded-[12px] bg-approved-bg p-3">
            <p className="text-sm text-slate">Account name</p>
            <p className="font-bold text-approved">{resolution.account.account_name}</p>
          </div>
        )}
      </div>
    </div>
  );
}
