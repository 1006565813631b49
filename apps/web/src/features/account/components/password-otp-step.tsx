import { useEffect, useRef, type SyntheticEvent } from 'react';
import { MESSAGES } from '@karta/shared/messages';
import { OTP_LENGTH, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@karta/shared/constants';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { ResendCountdown } from '../../../components/ui/resend-countdown';
import { maskEmail } from '../../../lib/mask-email';

interface PasswordOtpStepProps {
  email: string;
  otp: string;
  onOtpChange: (otp: string) => void;
  otpError: string | undefined;
  /** False when the last code went out long enough ago that a new one may be asked for now. */
  isResendWaiting: boolean;
  /** Resolves true when a new code went out, which starts the wait again. */
  onResend: () => Promise<boolean>;
  onSubmit: () => void;
  isSubmitting: boolean;
  onBack: () => void;
}

/** Second step of the password change (docs/product.md §4): the 6-digit code mailed to the user. */
export function PasswordOtpStep({
  email,
  otp,
  onOtpChange,
  otpError,
  isResendWaiting,
  onResend,
  onSubmit,
  isSubmitting,
  onBack,
}: PasswordOtpStepProps) {
  const otpRef = useRef<HTMLInputElement>(null);
  const isComplete = otp.length === OTP_LENGTH;

  // The code is the only thing left to type, so the cursor goes straight there.
  useEffect(() => {
    otpRef.current?.focus();
  }, []);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (isComplete) onSubmit();
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-sm text-slate">
        We sent a 6-digit code to{' '}
        <span className="font-semibold break-words text-ink">{maskEmail(email)}</span>. Enter it
        below to change your password. The code is valid for {OTP_TTL_SECONDS / 60} minutes; if it
        has not arrived, check your spam folder.
      </p>
      <DigitsInput
        ref={otpRef}
        label="Verification code"
        name="otp"
        value={otp}
        onChange={onOtpChange}
        maxLength={OTP_LENGTH}
        hint={MESSAGES.OTP_INVALID}
        error={otpError}
      />
      <ResendCountdown
        seconds={OTP_RESEND_SECONDS}
        onResend={onResend}
        startOnMount={isResendWaiting}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={isSubmitting}>
          Back
        </Button>
        <Button
          type="submit"
          disabled={!isComplete}
          isLoading={isSubmitting}
          loadingText="Changing password..."
        >
          Change password
        </Button>
      </div>
    </form>
  );
}
