import { useState } from 'react';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import { useAppSelector } from '../../../lib/store/hooks';
import { Button } from '../../../components/ui/button';
import { DeleteIconButton } from '../../../components/ui/delete-icon-button';
import { Spinner } from '../../../components/ui/spinner';
import { selectUserId } from '../../../lib/session/auth-slice';
import { getLastFour, maskAccountNumber } from '../../../lib/account-number';
import { AddBeneficiaryModal } from './add-beneficiary-modal';
import { DeleteBeneficiaryDialog } from './delete-beneficiary-dialog';
import { useGetBeneficiariesQuery } from '../../../lib/beneficiaries-api';

/** An account saved before decision 064 in another person's name, not approved by Karta. */
const NEEDS_APPROVAL =
  'Not in your name, as on your BVN: Karta pays into it only once approved. To ask, add it again with Add account.';

/** The bank accounts the user withdraws to, a way to add one, and a way to remove each (docs/product.md §2). */
export function WithdrawalAccounts() {
  const userId = useAppSelector(selectUserId) ?? '';
  const { data, isLoading, isError, isFetching, refetch } = useGetBeneficiariesQuery(userId, {
    skip: !userId,
  });
  const [toDelete, setToDelete] = useState<BeneficiaryAccount | null>(null);
  const [isAdding, setIsAdding] = useState(false);

  return (
    <section aria-labelledby="withdrawal-accounts-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="withdrawal-accounts-title" className="text-xl font-bold text-ink">
            Withdrawal Accounts
          </h2>
          <p className="mt-1 text-sm text-slate">
            The bank accounts you have saved to receive your naira.
          </p>
        </div>
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          onClick={() => {
            setIsAdding(true);
          }}
        >
          Add account
        </Button>
      </div>

      {isLoading ? (
        <Spinner label="Loading your withdrawal accounts..." className="self-center py-8" />
      ) : isError ? (
        <div className="flex flex-col items-start gap-3 rounded-[12px] bg-rejected-bg p-4">
          <p className="text-sm text-rejected">We could not load your withdrawal accounts.</p>
          <Button
            variant="secondary"
            isLoading={isFetching}
            loadingText="Loading..."
            onClick={() => void refetch()}
          >
            Try again
          </Button>
        </div>
      ) : !data?.length ? (
        <div className="rounded-[12px] border border-dashed border-line p-6 text-center">
          <p className="font-semibold text-ink">No beneficiary account.</p>
          <p className="mt-1 text-sm text-slate">
            Add one here, or tick Add as beneficiary when you withdraw.
          </p>
        </div>
      ) : (
        <ul aria-label="Saved bank accounts" className="grid gap-3 sm:grid-cols-2">
          {data.map((account) => (
            <li
              key={account.id}
              className="flex items-start justify-between gap-3 rounded-[12px] border border-line bg-white p-4"
            >
              <div className="min-w-0">
                <p className="font-semibold text-ink">{account.bank_name}</p>
                <p className="truncate text-sm text-slate">{account.account_name}</p>
                <p className="money mt-2 text-lg tracking-wider text-ink">
                  {maskAccountNumber(account.account_number)}
                </p>
                {account.needs_approval && (
                  <p className="mt-2 text-sm text-rejected">{NEEDS_APPROVAL}</p>
                )}
              </div>
              <DeleteIconButton
                label={`Delete ${account.bank_name} account ending ${getLastFour(account.account_number)}`}
                onClick={() => {
                  setToDelete(account);
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <AddBeneficiaryModal
        isOpen={isAdding}
        userId={userId}
        onClose={() => {
          setIsAdding(false);
        }}
      />
      <DeleteBeneficiaryDialog
        beneficiary={toDelete}
        userId={userId}
        onClose={() => {
          setToDelete(null);
        }}
      />
    </section>
  );
}
