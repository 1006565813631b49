import { useLocation, useNavigate } from 'react-router';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@karta/shared/constants';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ResendCountdown } from '../../../components/ui/resend-countdown';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../api';
import { AuthTextLink } from './auth-text-link';
import { CodePasswordForm } from './code-password-form';
import { getStateEmail } from './router-state';

/** Step two of a reset: the mailed code and a new password, then sign in with it. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const stateEmail = getStateEmail(location.state);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [forgotPassword] = useForgotPasswordMutation();

  return (
    <AuthLayout
      title="Reset password"
      intro={`Enter the ${String(OTP_LENGTH)}-digit code we sent to your email and choose a new password. If you cannot find the code, check your spam folder.`}
      footer={
        <>
          Remembered it? <AuthTextLink to={paths.login.getHref()}>Log in</AuthTextLink>
        </>
      }
    >
      <CodePasswordForm
        defaultEmail={stateEmail}
        codeLabel="Reset code"
        submitLabel="Reset password"
        loadingText="Resetting..."
        isLoading={isLoading}
        onSubmit={async (values) => {
          const result = await resetPassword(values).unwrap();
          toast.success(result.message);
          void navigate(paths.login.getHref(), { state: { email: values.email } });
        }}
        afterCode={({ trigger, getValues, setValue }) => (
          <ResendCountdown
            seconds={OTP_RESEND_SECONDS}
            onResend={async () => {
              if (!(await trigger('email'))) return false;
              try {
                const result = await forgotPassword({ email: getValues('email') }).unwrap();
                toast.success(result.message);
                setValue('otp', '');
                return true;
              } catch {
                return false;
              }
            }}
            startOnMount={Boolean(stateEmail)}
          />
        )}
      />
    </AuthLayout>
  );
}
