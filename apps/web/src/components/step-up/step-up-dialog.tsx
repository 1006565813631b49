import { useEffect, useRef, useState } from 'react';
import { getErrorMessage, markShownInPlace } from '../../lib/api-error';
import { selectUserId } from '../../lib/session/auth-slice';
import { useStepUpMutation } from '../../lib/step-up-api';
import { useAppSelector } from '../../lib/store/hooks';
import { Button } from '../ui/button';
import { DigitsInput } from '../ui/digits-input';
import { Modal } from '../ui/modal';

const CODE_LENGTH = 6;
const STEP_UP_TITLE = 'Confirm it is you';
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app';

interface StepUpDialogProps {
  isOpen: boolean;
  /** The API's words for why it asks (its STEP_UP_REQUIRED message). */
  reason: string | undefined;
  /** The session is stepped up: the caller sends its request again. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * Asks for the authenticator app's code in place (decision 061) when a change needs a fresh
 * second factor, above the form that asked, which stays as it was. It may open over another
 * dialog (change PIN, add an account): its Escape is caught before that dialog's, so only this
 * one closes.
 */
export function StepUpDialog({ isOpen, reason, onConfirmed, onCancel }: StepUpDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onCancel}
      title={STEP_UP_TITLE}
      description={reason ?? `${CODE_NEEDED}.`}
      size="sm"
    >
      <StepUpForm onConfirmed={onConfirmed} onCancel={onCancel} />
    </Modal>
  );
}

function StepUpForm({ onConfirmed, onCancel }: Omit<StepUpDialogProps, 'isOpen' | 'reason'>) {
  const userId = useAppSelector(selectUserId);
  const [stepUp, { isLoading }] = useStepUpMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  // Escape closes this dialog only: caught on the way down, before any dialog under it hears it.
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      cancelRef.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);

  const confirm = async () => {
    if (code.length !== CODE_LENGTH) {
      setError(CODE_NEEDED);
      inputRef.current?.focus();
      return;
    }
    if (!userId) return;
    try {
      await stepUp({ userId, code }).unwrap();
      onConfirmed();
    } catch (failure) {
      // A wrong or spent code, too many tries, a session to sign in again: said here, once.
      markShownInPlace(failure);
      setError(getErrorMessage(failure));
      setCode('');
      inputRef.current?.focus();
    }
  };

  return (
    <form
      noValidate
      aria-label="Authenticator code"
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog is a portal, but React passes events up its own tree: the form that asked
        // (this may sit inside it) must not take this submit for its own.
        event.stopPropagation();
        void confirm();
      }}
      className="flex flex-col gap-4"
    >
      <DigitsInput
        ref={inputRef}
        name="code"
        label="6-digit code"
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(undefined);
        }}
        maxLength={CODE_LENGTH}
        autoComplete="one-time-code"
        error={error}
        hint="From your authenticator app. What you typed in the form stays as it is."
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isLoading} loadingText="Checking...">
          Confirm
        </Button>
      </div>
    </form>
  );
}
