import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { OTP_LENGTH } from '@karta/shared/constants';
import type { ForgotPasswordInput } from '@karta/shared/schemas/auth';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useForgotPasswordMutation } from '../api';
import { AuthTextLink } from './auth-text-link';
import { EmailField } from './email-field';

const validation = lazyResolver(() =>
  import('./form-resolvers').then((m) => m.forgotPasswordResolver),
);

/** Step one of a reset: mail a code to the address, then carry the address to step two. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: validation.resolver,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const result = await forgotPassword({ email }).unwrap();
      toast.success(result.message);
      void navigate(paths.resetPassword.getHref(), { state: { email } });
    } catch {
      // Toasted by lib/error-toasts (too many requests, no connection).
    }
  });

  return (
    <AuthLayout
      title="Forgot password"
      intro={`Enter the email you registered with. We will send a ${String(OTP_LENGTH)}-digit code to it so you can set a new password.`}
      footer={
        <>
          Remembered it? <AuthTextLink to={paths.login.getHref()}>Log in</AuthTextLink>
        </>
      }
    >
      <form
        // Even with no script at all, never a GET: the fields would be in the address (decision 074).
        method="post"
        noValidate
        onFocus={validation.preload}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
      >
        <EmailField error={errors.email?.message} {...register('email')} />
        <Button
          type="submit"
          fullWidth
          isLoading={isLoading || isSubmitting}
          loadingText="Sending..."
        >
          Send code
        </Button>
      </form>
    </AuthLayout>
  );
}
