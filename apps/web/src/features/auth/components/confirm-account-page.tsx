import { useEffect, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { ResendCountdown } from '../../../components/ui/resend-countdown';
import { paths } from '../../../config/paths';
import { maskEmail } from '../../../lib/mask-email';
import { toast } from '../../../lib/toast';
import { getErrorMessage, getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { useConfirmAccountMutation } from '../api';
import { selectAuth, setVerifyData } from '../../../lib/session/auth-slice';
import { AuthTextLink } from './auth-text-link';
import { PasswordField } from './password-field';
import { forgetConfirmEmail, keepConfirmEmail, readConfirmEmail } from '../confirm-email-store';
import { useRequestOtpMutation } from '../../../lib/user-api';

/**
 * Confirm Account (docs/product.md §2, §4): the 6-digit code mailed at registration (or at a sign-in
 * before confirming). The e-mail and password come from the step before, kept in memory; the
 * e-mail alone is also kept in the tab's session storage, so after a reload the page still knows
 * the account and asks for the password again (never stored).
 */
export function ConfirmAccountPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { verifyData } = useAppSelector(selectAuth);
  const [otp, setOtp] = useState('');
  /** A refused code (wrong, expired, replaced), said under the code field where it lasts. */
  const [codeError, setCodeError] = useState<string>();
  const [typedPassword, setTypedPassword] = useState('');
  const [keptEmail] = useState(readConfirmEmail);
  const email = verifyData?.email ?? keptEmail;
  const password = verifyData?.password ?? typedPassword;
  useEffect(() => {
    if (verifyData?.email) keepConfirmEmail(verifyData.email);
  }, [verifyData?.email]);
  const [confirmAccount, { isLoading }] = useConfirmAccountMutation();
  const [requestOtp] = useRequestOtpMutation();

  if (!email) {
    return (
      <AuthLayout title="Confirm Account">
        <p className="text-base text-ink">
          We do not know which account to confirm: the details you entered are not kept after the
          page is reloaded or closed.
        </p>
        <p className="mt-3 text-base text-slate">
          Sign in with your email and password and we will send you a new code, or create an account
          if you have not done so yet.
        </p>
        <div className="mt-4 flex flex-wrap gap-x-6">
          <AuthTextLink to={paths.login.getHref()}>Log in</AuthTextLink>
          <AuthTextLink to={paths.register.getHref()}>Register</AuthTextLink>
        </div>
      </AuthLayout>
    );
  }

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!otp || !password) return;
    setCodeError(undefined);
    try {
      const result = await confirmAccount({ otp, email, password }).unwrap();
      toast.success(result.message);
      // Cleared once the page has gone, so it never flashes its "which account?" state.
      await navigate(paths.login.getHref(), { state: { email } });
      forgetConfirmEmail();
      dispatch(setVerifyData(null));
    } catch (error) {
      // Under the code field (a toast vanishes in three seconds); the user can retype
      // or resend.
      markShownInPlace(error);
      setCodeError(getFieldErrors(error).otp ?? getErrorMessage(error));
    }
  };

  const resend = async () => {
    try {
      const result = await requestOtp({ email }).unwrap();
      toast.success(result.message);
      setOtp('');
      return true;
    } catch {
      return false;
    }
  };

  return (
    <AuthLayout
      title="Confirm Account"
      intro={
        <>
          We sent a {OTP_LENGTH}-digit code to{' '}
          <span className="font-semibold [overflow-wrap:anywhere] text-ink">
            {maskEmail(email)}
          </span>
          . Enter it below to confirm your account. It can take a minute to arrive; if you cannot
          find it, check your spam folder.
        </>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <DigitsInput
          label="Confirmation code"
          name="otp"
          value={otp}
          onChange={(value) => {
            setOtp(value);
            setCodeError(undefined);
          }}
          maxLength={OTP_LENGTH}
          hint={MESSAGES.OTP_INVALID}
          error={codeError}
        />
        {!verifyData && (
          // After a reload the password typed on the step before is gone (it is never stored).
          <PasswordField
            name="password"
            value={typedPassword}
            onChange={(event) => {
              setTypedPassword(event.target.value);
            }}
            hint="The password you chose for this account: it is not kept after a reload."
          />
        )}
        <Button
          type="submit"
          fullWidth
          disabled={otp.length !== OTP_LENGTH || !password}
          isLoading={isLoading}
          loadingText="Confirming..."
        >
          Confirm Account
        </Button>
        <ResendCountdown seconds={OTP_RESEND_SECONDS} onResend={resend} />
      </form>
    </AuthLayout>
  );
}
