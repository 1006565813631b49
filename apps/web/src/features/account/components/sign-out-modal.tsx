import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { isQueryError, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { clearSession, clearSessionOffline } from '../../../lib/session/session';
import { readTokenSessionId } from '../../../lib/jwt';
import { selectToken, selectUser } from '../../../lib/session/auth-slice';
import { useEndOwnSessionMutation, useSignOutMutation } from '../api';

export interface SignOutModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** What an offline sign-out says: done here, and when the rest happens (decision 053). */
export const SIGNED_OUT_OFFLINE =
  'You are signed out on this device. You are offline, so your other devices will be signed out when this one is back online.';

/** The request could not be sent at all: no network (an answer, even an error, is not that). */
const isUnsent = (error: unknown) => isQueryError(error) && error.status === 'FETCH_ERROR';

/**
 * docs/product.md §4's sign-out, with the choice said in words (it ended every device
 * without saying so): this device only (its own sign-in ended, decision 075), or every device.
 */
export function SignOutModal({ isOpen, onClose }: SignOutModalProps) {
  const dispatch = useAppDispatch();
  const [signOut, { isLoading: isEndingAll }] = useSignOutMutation();
  const [endOwnSession, { isLoading: isEndingThis }] = useEndOwnSessionMutation();
  const [choice, setChoice] = useState<'this' | 'all'>('this');
  const user = useAppSelector(selectUser);
  const sessionId = readTokenSessionId(useAppSelector(selectToken) ?? '');
  const isLoading = isEndingAll || isEndingThis;

  /** This device only: its sign-in ended on the server, then everything of it here. */
  const confirmThisDevice = async () => {
    if (!user || !sessionId) return confirm();
    try {
      await endOwnSession({ userId: user.id, body: { session_id: sessionId } }).unwrap();
      toast.success('You are signed out on this device. Your other devices stay signed in.');
      onClose();
      clearSession(dispatch);
    } catch (error) {
      // Offline, or the sign-in was over already: this device signs out all the same.
      markShownInPlace(error);
      toast.success('You are signed out on this device.');
      onClose();
      clearSession(dispatch);
    }
  };

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
      description="Choose where. Sign in again any time with your e-mail and password."
    >
      <fieldset className="mt-2 flex flex-col gap-2">
        <legend className="sr-only">Where to sign out</legend>
        <label className="flex min-h-11 items-start gap-3 rounded-[12px] border border-line p-3">
          <input
            type="radio"
            name="sign-out-scope"
            checked={choice === 'this'}
            onChange={() => {
              setChoice('this');
            }}
            className="mt-1"
          />
          <span>
            <span className="block font-semibold text-ink">This device only</span>
            <span className="block text-sm text-slate">Your other devices stay signed in.</span>
          </span>
        </label>
        <label className="flex min-h-11 items-start gap-3 rounded-[12px] border border-line p-3">
          <input
            type="radio"
            name="sign-out-scope"
            checked={choice === 'all'}
            onChange={() => {
              setChoice('all');
            }}
            className="mt-1"
          />
          <span>
            <span className="block font-semibold text-ink">Every device</span>
            <span className="block text-sm text-slate">
              Phones, tablets and browsers where you signed in are all signed out.
            </span>
          </span>
        </label>
      </fieldset>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          isLoading={isLoading}
          loadingText="Signing out..."
          onClick={() => void (choice === 'this' ? confirmThisDevice() : confirm())}
        >
          {choice === 'this' ? 'Sign out of this device' : 'Sign out of every device'}
        </Button>
      </div>
    </Modal>
  );
}
