import { useDeleteAccountMutation } from '../api';
import { EndAccountModal, type AccountModalProps } from './end-account-modal';

/** docs/product.md §4: deletion is final, so the modal says exactly what goes and what stays. */
export function DeleteAccountModal(props: AccountModalProps) {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  return (
    <EndAccountModal {...props} ending="delete" endAccount={deleteAccount} isLoading={isLoading}>
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
        Withdraw any balance first: once the account is deleted, you cannot sign in to withdraw it.
      </p>
    </EndAccountModal>
  );
}
