import { useEffect, useRef, useState } from 'react';
import { getErrorMessage, isQueryError, markShownInPlace } from '../../lib/api-error';
import { selectUserId } from '../../lib/session/auth-slice';
import { useStepUpMutation, type StepUpWay } from '../../lib/step-up-api';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
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
  /** The ways this account can confirm, as the refusal named them. */
  ways: StepUpWay[];
  /** The session is stepped up: the caller sends its request again. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * Asks for the authenticator app's code or the passkey in place (decisions 061, 062) when a
 * change needs a fresh second factor, above the form that asked, which stays as it was. It may
 * open over another dialog (change PIN, add an account): its Escape is caught before that
 * dialog's, so only this one closes.
 */
export function StepUpDialog({ isOpen, reason, ways, onConfirmed, onCancel }: StepUpDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onCancel}
      title={STEP_UP_TITLE}
      description={reason ?? `${CODE_NEEDED}.`}
      size="sm"
    >
      <StepUpForm ways={ways} onConfirmed={onConfirmed} onCancel={onCancel} />
    </Modal>
  );
}

function StepUpForm({ ways, onConfirmed, onCancel }: Omit<StepUpDialogProps, 'isOpen' | 'reason'>) {
  const userId = useAppSelector(selectUserId);
  const dispatch = useAppDispatch();
  const [stepUp, { isLoading }] = useStepUpMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [isWaitingForPasskey, setIsWaitingForPasskey] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const hasApp = ways.includes('totp');
  const hasPasskey = ways.includes('passkey');

  const confirmWithPasskey = async () => {
    if (!userId) return;
    setPasskeyError(undefined);
    setIsWaitingForPasskey(true);
    try {
      const { stepUpWithPasskeyNow } = await import('../../lib/step-up-passkey');
      await stepUpWithPasskeyNow(dispatch, userId);
      onConfirmed();
    } catch (failure) {
      if (isQueryError(failure)) {
        markShownInPlace(failure);
        setPasskeyError(getErrorMessage(failure));
      } else {
        setPasskeyError('No passkey was used. Try again when your device asks.');
      }
    } finally {
      setIsWaitingForPasskey(false);
    }
  };

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
      await stepUp({ userId, body: { code } }).unwrap();
      onConfirmed();
    } catch (failure) {
      // A wrong or spent code, too many tries, a session to sign in again: said here, once.
      markShownInPlace(failure);
      setError(getErrorMessage(failure));
      setCode('');
      inputRef.current?.focus();
    }
  };

  const passkeyButton = hasPasskey && (
    <div className="flex flex-col gap-2">
      <Button
        variant={hasApp ? 'secondary' : 'primary'}
        fullWidth
        isLoading={isWaitingForPasskey}
        loadingText="Waiting for your passkey..."
        disabled={isLoading}
        onClick={() => void confirmWithPasskey()}
      >
        Use your passkey
      </Button>
      {passkeyError && (
        <p role="alert" className="text-sm text-rejected">
          {passkeyError}
        </p>
      )}
    </div>
  );

  if (!hasApp) {
    return (
      <div className="flex flex-col gap-4">
        {passkeyButton}
        <Button variant="secondary" onClick={onCancel} disabled={isWaitingForPasskey}>
          Cancel
        </Button>
      </div>
    );
  }

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
      {passkeyButton}
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
