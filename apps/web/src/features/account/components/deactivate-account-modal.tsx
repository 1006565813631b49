import type { AccountPasswordInput } from '@karta/shared/schemas/users';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { selectUser } from '../../../lib/session/auth-slice';
import { clearSession } from '../../../lib/session/session';
import { useDeactivateAccountMutation } from '../api';
import { ConfirmWithPasswordForm } from './confirm-with-password-form';

export interface DeactivateAccountModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Spec §4: deactivation ends the session here and everywhere; signing in again undoes it. */
export function DeactivateAccountModal({ isOpen, onClose }: DeactivateAccountModalProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [deactivateAccount, { isLoading }] = useDeactivateAccountMutation();

  const deactivate = async (body: AccountPasswordInput) => {
    if (!user) return;
    const result = await deactivateAccount({ userId: user.id, body }).unwrap();
    toast.success(result.message);
    onClose();
    // With the token gone, the dashboard's guard sends the user to the login page.
    clearSession(dispatch);
  };

  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Deactivate your account?">
      <ConfirmWithPasswordForm
        confirmLabel="Deactivate account"
        loadingText="Deactivating..."
        variant="primary"
        isLoading={isLoading}
        onConfirm={deactivate}
        onCancel={onClose}
      >
        <p>
          Deactivating pauses your Karta account. You will be signed out on every device, and nobody
          can use the account while it is deactivated.
        </p>
        <p>
          Your trades, withdrawals and balance are kept. To come back, sign in with your e-mail and
          password and reactivate your account.
        </p>
        <p className="font-medium text-ink">Enter your password to confirm.</p>
      </ConfirmWithPasswordForm>
    </Modal>
  );
}
