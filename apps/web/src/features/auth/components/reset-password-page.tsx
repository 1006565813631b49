import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import type { ResetPasswordInput } from '@karta/shared/schemas/auth';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { ResendCountdown } from '../../../components/ui/resend-countdown';
import { paths } from '../../../config/paths';
import { getFieldErrors } from '../../../lib/api-error';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../api';
import { AuthTextLink } from './auth-text-link';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';
import { getStateEmail } from './router-state';

const FIELDS = ['email', 'otp', 'new_password', 'verify_new_password'] as const;
const isFormField = (field: string): field is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(field);

const validation = lazyResolver(() =>
  import('./form-resolvers').then((m) => m.resetPasswordResolver),
);

/** Step two of a reset: the mailed code and a new password, then sign in with it. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const stateEmail = getStateEmail(location.state);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [forgotPassword] = useForgotPasswordMutation();
  const { register, control, handleSubmit, setValue, setError, trigger, getValues, formState } =
    useForm<ResetPasswordInput>({
      resolver: validation.resolver,
      defaultValues: { email: stateEmail, otp: '', new_password: '', verify_new_password: '' },
    });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await resetPassword(values).unwrap();
      toast.success(result.message);
      void navigate(paths.login.getHref(), { state: { email: values.email } });
    } catch (error) {
      for (const [field, message] of Object.entries(getFieldErrors(error))) {
        if (isFormField(field)) setError(field, { type: 'server', message });
      }
    }
  });

  const resend = async () => {
    if (!(await trigger('email'))) return false;
    try {
      const result = await forgotPassword({ email: getValues('email') }).unwrap();
      toast.success(result.message);
      setValue('otp', '');
      return true;
    } catch {
      return false;
    }
  };

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
      <form
        noValidate
        onFocus={validation.preload}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
      >
        <EmailField error={errors.email?.message} {...register('email')} />
        <Controller
          control={control}
          name="otp"
          render={({ field }) => (
            <DigitsInput
              label="Reset code"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              maxLength={OTP_LENGTH}
              hint={MESSAGES.OTP_INVALID}
              error={errors.otp?.message}
            />
          )}
        />
        <ResendCountdown
          seconds={OTP_RESEND_SECONDS}
          onResend={resend}
          startOnMount={Boolean(stateEmail)}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...register('new_password', {
            onChange: () => {
              setValue('verify_new_password', '');
            },
          })}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.verify_new_password?.message}
          {...register('verify_new_password')}
        />
        <Button type="submit" fullWidth isLoading={isLoading} loadingText="Resetting...">
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
