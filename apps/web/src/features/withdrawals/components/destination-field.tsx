import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import { useId, type ChangeEvent, type FocusEvent, type RefCallback } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldMessage } from '../../../components/ui/field-message';
import { Spinner } from '../../../components/ui/spinner';
import { maskAccountNumber } from '../../../lib/account-number';
import { NEW_ACCOUNT } from '../withdraw-form-schema';

export interface BeneficiaryList {
  accounts: readonly BeneficiaryAccount[];
  isLoading: boolean;
  isError: boolean;
  isRetrying: boolean;
  onRetry: () => void;
}

interface DestinationFieldProps {
  value: string;
  /** react-hook-form's radio registration, shared by every option. */
  radio: {
    name: string;
    ref: RefCallback<HTMLInputElement>;
    onChange: (event: ChangeEvent<HTMLInputElement>) => Promise<unknown>;
    onBlur: (event: FocusEvent<HTMLInputElement>) => Promise<unknown>;
  };
  list: BeneficiaryList;
  error?: string | undefined;
}

const CARD =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-[12px] border bg-white p-4 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold';

/** docs/product.md §1: a saved beneficiary (one radio card each) or "Another account". */
export function DestinationField({ value, radio, list, error }: DestinationFieldProps) {
  const errorId = useId();
  return (
    <fieldset
      aria-describedby={error ? `${errorId}-error` : undefined}
      className="flex flex-col gap-3"
    >
      <legend className="mb-1.5 text-sm font-medium text-ink">Send to</legend>
      {list.isLoading && <Spinner label="Loading your saved accounts..." className="py-2" />}
      {list.isError && (
        <div className="flex flex-wrap items-center gap-3 rounded-[12px] bg-rejected-bg p-3">
          <p className="text-sm text-rejected">We could not load your saved accounts.</p>
          <Button
            variant="secondary"
            isLoading={list.isRetrying}
            loadingText="Loading..."
            onClick={list.onRetry}
          >
            Try again
          </Button>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {list.accounts.map((account) => (
          <label
            key={account.id}
            className={`${CARD} ${value === account.id ? 'border-brand bg-brand/5' : 'border-line'}`}
          >
            <input
              type="radio"
              value={account.id}
              {...radio}
              className="mt-1 h-5 w-5 shrink-0 accent-brand"
            />
            <span className="min-w-0">
              <span className="block font-semibold text-ink">{account.bank_name}</span>
              <span className="block truncate text-sm text-slate">{account.account_name}</span>
              <span className="money mt-1 block text-ink">
                {maskAccountNumber(account.account_number)}
              </span>
            </span>
          </label>
        ))}
        <label
          className={`${CARD} ${value === NEW_ACCOUNT ? 'border-brand bg-brand/5' : 'border-line'}`}
        >
          <input
            type="radio"
            value={NEW_ACCOUNT}
            {...radio}
            className="mt-1 h-5 w-5 shrink-0 accent-brand"
          />
          <span>
            <span className="block font-semibold text-ink">Another account</span>
            <span className="block text-sm text-slate">Choose a bank and type the number</span>
          </span>
        </label>
      </div>
      <FieldMessage fieldId={errorId} error={error} />
    </fieldset>
  );
}
