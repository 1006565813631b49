import { useState } from 'react';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
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

/** Asks before removing a withdrawal account, then removes it (spec §2). */
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
      // A failed call is already told to the user by the global error toasts (spec §8).
    }
  };

  return (
    <Modal
      isOpen={beneficiary !== null}
      onClose={close}
      title="Delete This Account?"
      description="This action cannot be reversed."
      size="sm"
    >
      {beneficiary && (
        <>
          <div className="rounded-[12px] border border-line bg-mist p-4 text-sm">
            <p className="font-semibold text-ink">{beneficiary.bank_name}</p>
            <p className="text-slate">{beneficiary.account_name}</p>
            <p className="money mt-1 text-ink">{maskAccountNumber(beneficiary.account_number)}</p>
          </div>
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
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={isLoading}>
              Cancel
            </Button>
            <Button
              variant="danger"
              isLoading={isLoading}
              loadingText="Deleting..."
              onClick={() => void confirmDelete(beneficiary)}
            >
              Delete
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
