import { useDeactivateAccountMutation } from '../api';
import { EndAccountModal, type AccountModalProps } from './end-account-modal';

/** docs/product.md §4: deactivation ends the session here and everywhere; signing in again undoes it. */
export function DeactivateAccountModal(props: AccountModalProps) {
  const [deactivateAccount, { isLoading }] = useDeactivateAccountMutation();
  return (
    <EndAccountModal
      {...props}
      ending="deactivate"
      endAccount={deactivateAccount}
      isLoading={isLoading}
    >
      <p>
        Deactivating pauses your Karta account. You will be signed out on every device, and nobody
        can use the account while it is deactivated.
      </p>
      <p>
        Your trades, withdrawals and balance are kept. To come back, sign in with your e-mail and
        password and reactivate your account.
      </p>
    </EndAccountModal>
  );
}
