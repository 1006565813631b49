import { useAppDispatch } from '../../../lib/store/hooks';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { clearSession } from '../../../lib/session/session';
import { useSignOutMutation } from '../api';

export interface SignOutModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Spec §4: a confirmation first, because the server ends every session of the account. */
export function SignOutModal({ isOpen, onClose }: SignOutModalProps) {
  const dispatch = useAppDispatch();
  const [signOut, { isLoading }] = useSignOutMutation();

  const confirm = async () => {
    try {
      const result = await signOut().unwrap();
      toast.success(result.message);
      onClose();
      clearSession(dispatch);
    } catch {
      // Toasted by lib/error-toasts; the dialog stays so the user can try again.
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="sm"
      title="Sign out of Karta?"
      description="You will be signed out on every device. Sign in again any time with your e-mail and password."
    >
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button isLoading={isLoading} loadingText="Signing out..." onClick={() => void confirm()}>
          Sign out
        </Button>
      </div>
    </Modal>
  );
}
