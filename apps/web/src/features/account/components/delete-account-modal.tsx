import type { AccountPasswordInput } from '@karta/shared/schemas/users';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { selectUser } from '../../../lib/session/auth-slice';
import { clearSession } from '../../../lib/session/session';
import { useDeleteAccountMutation } from '../api';
import { ConfirmWithPasswordForm } from './confirm-with-password-form';

export interface DeleteAccountModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Spec §4: deletion is final, so the modal says exactly what goes and what stays. */
export function DeleteAccountModal({ isOpen, onClose }: DeleteAccountModalProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const remove = async (body: AccountPasswordInput) => {
    if (!user) return;
    const result = await deleteAccount({ userId: user.id, body }).unwrap();
    toast.success(result.message);
    onClose();
    // With the token gone, the dashboard's guard sends the user to the login page.
    clearSession(dispatch);
  };

  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Delete your account?">
      <ConfirmWithPasswordForm
        confirmLabel="Delete account"
        loadingText="Deleting..."
        variant="danger"
        isLoading={isLoading}
        onConfirm={remove}
        onCancel={onClose}
      >
        <p className="rounded-[12px] bg-rejected-bg px-4 py-3 font-semibold text-rejected">
          This cannot be undone.
        </p>
        <p>
          Deleting erases your personal details: your name, e-mail, phone number, date of birth and
          PIN. You will be signed out on every device and cannot sign in again.
        </p>
        <p>
          Records of your trades and money movements are kept, as the law requires, but no longer
          carry your name.
        </p>
        <p>
          Withdraw any balance first: once the account is deleted, you cannot sign in to withdraw
          it.
        </p>
        <p className="font-medium text-ink">Enter your password to confirm.</p>
      </ConfirmWithPasswordForm>
    </Modal>
  );
}
