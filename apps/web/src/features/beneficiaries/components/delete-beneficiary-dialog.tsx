import { useState } from 'react';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { getLastFour, maskAccountNumber } from '../../../lib/account-number';
import { DELETE_SUCCESS_MESSAGE, useDeleteBeneficiaryMutation } from '../api';
import { selectUser, setUser } from '../../../lib/session/auth-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { useLazyCurrentUserQuery } from '../../../lib/user-api';

interface DeleteBeneficiaryDialogProps {
  /** The account to delete; the dialog is open while there is one. */
  beneficiary: BeneficiaryAccount | null;
  userId: string;
  onClose: () => void;
}

/** Asks before removing a withdrawal account, then removes it (docs/product.md §2). */
export function DeleteBeneficiaryDialog({
  beneficiary,
  userId,
  onClose,
}: DeleteBeneficiaryDialogProps) {
  const [deleteBeneficiary, { isLoading }] = useDeleteBeneficiaryMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [fetchCurrentUser] = useLazyCurrentUserQuery();
  const isAutoWithdrawalAccount =
    beneficiary !== null && user?.auto_withdrawal.beneficiary_account_id === beneficiary.id;

  const close = () => {
    if (isLoading) return;
    setProblem(null);
    onClose();
  };

  const confirmDelete = async (account: BeneficiaryAccount) => {
    setProblem(null);
    try {
      const result = await deleteBeneficiary({
        user_id: userId,
        beneficiary_account_id: account.id,
      }).unwrap();
      if (result.message !== DELETE_SUCCESS_MESSAGE) {
        setProblem(`The account was not deleted: ${result.message}`);
        return;
      }
      toast.success(
        `${account.bank_name} account ending ${getLastFour(account.account_number)} was removed.`,
      );
      if (isAutoWithdrawalAccount) {
        // The server turned automatic withdrawal off with the deletion: read it back.
        const profile = await fetchCurrentUser(undefined, false)
          .unwrap()
          .then((envelope) => envelope.data)
          .catch(() => null);
        if (profile) dispatch(setUser(profile));
      }
      onClose();
    } catch {
      // A failed call is already told to the user by the global error toasts (docs/product.md §8).
    }
  };

  return (
    <ConfirmDialog
      isOpen={beneficiary !== null}
      onClose={close}
      title="Delete This Account?"
      description="This action cannot be reversed."
      summary={
        beneficiary && (
          <>
            <p className="font-semibold text-ink">{beneficiary.bank_name}</p>
            <p className="text-slate">{beneficiary.account_name}</p>
            <p className="money mt-1 text-ink">{maskAccountNumber(beneficiary.account_number)}</p>
          </>
        )
      }
      note={
        <>
          {isAutoWithdrawalAccount ? (
            <p className="mt-3 rounded-[12px] bg-pending-bg p-3 text-sm text-ink">
              Automatic withdrawal sends your approved trades to this account. Deleting it turns
              automatic withdrawal off: your trades will stay in your wallet.
            </p>
          ) : (
            <p className="mt-3 text-sm text-slate">
              You can add it again later when you make a withdrawal.
            </p>
          )}
          {problem && (
            <p role="alert" className="mt-3 text-sm text-rejected">
              {problem}
            </p>
          )}
        </>
      }
      confirmLabel="Delete"
      loadingText="Deleting..."
      isBusy={isLoading}
      onConfirm={() => {
        if (beneficiary) void confirmDelete(beneficiary);
      }}
    />
  );
}
