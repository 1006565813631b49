import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ReactivateInput } from '@karta/shared/schemas/auth';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { selectAuth, setVerifyData } from '../../../lib/session/auth-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { useReactivateAccountMutation } from '../api';
import { AuthTextLink } from './auth-text-link';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';
import { getStateEmail, rememberedPassword } from './router-state';

const validation = lazyResolver(() => import('./form-resolvers').then((m) => m.reactivateResolver));

/** Reactivate Your Account (docs/product.md §2, §4): the same e-mail and password turn the account back on. */
export function ReactivateAccountPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [reactivate, { isLoading }] = useReactivateAccountMutation();
  const dispatch = useAppDispatch();
  const { verifyData } = useAppSelector(selectAuth);
  const stateEmail = getStateEmail(location.state);
  const password = rememberedPassword(verifyData, stateEmail);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReactivateInput>({
    resolver: validation.resolver,
    // The login page passes the address it was given, so it need not be typed twice.
    // …and the password just typed there, from memory: a seller was once asked for it three times.
    defaultValues: { email: stateEmail, password },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await reactivate(values).unwrap();
      toast.success(result.message);
      // Remembered for the sign-in page (spec: reactivation leads to /login), in memory only.
      dispatch(setVerifyData({ email: values.email, password: values.password }));
      void navigate(paths.login.getHref(), { state: { email: values.email } });
    } catch {
      // Toasted by lib/error-toasts; the form stays as it was so the user can try again.
    }
  });

  return (
    <AuthLayout
      title="Reactivate Your Account"
      intro={
        password
          ? 'Your account is deactivated. Press Reactivate Account to turn it back on with the password you just used.'
          : 'Your account is deactivated. Enter your email and password to turn it back on.'
      }
      footer={
        <>
          Changed your mind? <AuthTextLink to={paths.login.getHref()}>Back to sign in</AuthTextLink>
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
        <PasswordField error={errors.password?.message} {...register('password')} />
        <div className="-mt-1 text-sm">
          <AuthTextLink to={paths.forgotPassword.getHref()}>Forgot password</AuthTextLink>
        </div>
        <p className="text-sm text-slate">
          By reactivating your account, you agree to our{' '}
          <Link
            to={paths.terms.getHref()}
            className="font-semibold text-brand underline underline-offset-4 hover:text-brand-deep"
          >
            Terms of Use
          </Link>{' '}
          and{' '}
          <Link
            to={paths.privacy.getHref()}
            className="font-semibold text-brand underline underline-offset-4 hover:text-brand-deep"
          >
            Privacy Policy
          </Link>
          .
        </p>
        <Button
          type="submit"
          fullWidth
          isLoading={isLoading || isSubmitting}
          loadingText="Reactivating..."
        >
          Reactivate Account
        </Button>
      </form>
    </AuthLayout>
  );
}
