import { useAppDispatch } from '../../../lib/store/hooks';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { isQueryError, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { clearSession, clearSessionOffline } from '../../../lib/session/session';
import { useSignOutMutation } from '../api';

export interface SignOutModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** What an offline sign-out says: done here, and when the rest happens (decision 053). */
export const SIGNED_OUT_OFFLINE =
  'You are signed out on this device. You are offline, so your other devices will be signed out when this one is back online.';

/** The request could not be sent at all: no network (an answer, even an error, is not that). */
const isUnsent = (error: unknown) => isQueryError(error) && error.status === 'FETCH_ERROR';

/** docs/product.md §4: a confirmation first, because the server ends every session of the account. */
export function SignOutModal({ isOpen, onClose }: SignOutModalProps) {
  const dispatch = useAppDispatch();
  const [signOut, { isLoading }] = useSignOutMutation();

  const confirm = async () => {
    try {
      const result = await signOut().unwrap();
      toast.success(result.message);
      onClose();
      clearSession(dispatch);
    } catch (error) {
      // An answer (a server error) is toasted by lib/error-toasts; the dialog stays so the user
      // can try again. Offline, the session ends on this device all the same, at once.
      if (!isUnsent(error)) return;
      markShownInPlace(error);
      toast.success(SIGNED_OUT_OFFLINE);
      onClose();
      clearSessionOffline(dispatch);
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
