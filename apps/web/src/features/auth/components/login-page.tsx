import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@karta/shared/messages';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { Button } from '../../../components/ui/button';
import { homeFor } from '../../../config/home';
import { paths } from '../../../config/paths';
import { getOrigin } from '../../../lib/origin';
import {
  getErrorMessage,
  getFieldErrors,
  isQueryError,
  markShownInPlace,
} from '../../../lib/api-error';
import type { LoginInput } from '@karta/shared/schemas/auth';
import type { TwoFactorChallenge } from '@karta/shared/schemas/two-factor';
import type { User } from '@karta/shared/schemas/users';
import type { SessionEnvelope } from '../../../lib/base-api';
import type { AppDispatch } from '../../../lib/store/store-extra';
import { lazyMutation, useLazyMutation } from '../../../lib/lazy-mutation';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { selectAuth, setVerifyData } from '../../../lib/session/auth-slice';
import { startSession } from '../../../lib/session/session';
import { settlePendingSignOutBeforeSignIn } from '../../../lib/session/pending-sign-out';
import { forgetSignedOutReason, readSignedOutReason } from '../../../lib/session/signed-out-reason';
import { AuthTextLink } from './auth-text-link';
import { EmailField } from './email-field';
import type { LoginFormValues } from './form-resolvers';
import { PasswordField } from './password-field';
import { getStateEmail, rememberedPassword } from './router-state';

/** The second step, only for accounts with two-step sign-in: its code (and zod) load then. */
const TwoStepForm = lazy(() => import('./two-step-form').then((m) => ({ default: m.TwoStepForm })));

const validation = lazyResolver(() => import('./form-resolvers').then((m) => m.loginResolver));
const loginCall = lazyMutation(() =>
  import('../api').then(
    ({ authApi }) =>
      (dispatch: AppDispatch, body: LoginInput) =>
        dispatch(authApi.endpoints.login.initiate(body)).unwrap(),
  ),
);
/** Passkey sign-in (decision 062): its code and the browser library load on first use. */
const loadPasskeySignIn = () => import('../passkey-sign-in');

const preload = () => {
  validation.preload();
  loginCall.preload();
};

/** What the second step asks for, in the account's own ways (decisions 061, 062). */
function secondStepHint({ methods }: TwoFactorChallenge): string {
  const hasApp = methods.includes('totp');
  if (!methods.includes('passkey')) return 'Open your authenticator app to get the code.';
  return hasApp
    ? 'Confirm with your passkey, or with the code from your authenticator app.'
    : 'Confirm with your passkey to finish signing in.';
}

/** Welcome Back (docs/product.md §2, §4): sign in, then go where the user was going or to the dashboard. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [login, { isLoading }] = useLazyMutation(loginCall);
  const [isPasskeyLoading, setIsPasskeyLoading] = useState(false);
  const { verifyData } = useAppSelector(selectAuth);
  const stateEmail = getStateEmail(location.state);
  /** After a right password on an account with two-step sign-in: what the second step answers. */
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  /**
   * Said above the form: why the password step is back (the code step ran out), or why the
   * server ended the session that brought the seller here (a suspension).
   */
  const [restartReason, setRestartReason] = useState<string | null>(readSignedOutReason);
  useEffect(forgetSignedOutReason, []);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: validation.resolver,
    // Confirm, reactivate and reset hand on the address the user has just used.
    // After a reactivation, the password too (from memory): Sign In is all that is left.
    defaultValues: { email: stateEmail, password: rememberedPassword(verifyData, stateEmail) },
  });

  /** What every sign-in ends with, with or without a code. */
  const finishSignIn = (result: SessionEnvelope<User>) => {
    toast.success(result.message);
    startSession(dispatch, { user: result.data, token: result.token });
    dispatch(setVerifyData(null));
    // GuestRoute makes the same move as soon as the token lands; both go to the origin.
    void navigate(getOrigin(location.state) ?? homeFor(result.data), { replace: true });
  };

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setRestartReason(null);
    try {
      // A sign-out made offline is told to the server first, or voided: never after this
      // sign-in, which it would end too (decision 053).
      await settlePendingSignOutBeforeSignIn();
      const result = await login({ email, password, device: 'web' });
      if (!('token' in result)) {
        // The password has done its part: it is not kept, in the form or in the store.
        reset({ email, password: '' });
        dispatch(setVerifyData(null));
        setChallenge(result.data);
        return;
      }
      finishSignIn(result);
    } catch (error) {
      // Two failures lead to another page, which the toast (lib/error-toasts) follows there.
      const message = getErrorMessage(error).toLowerCase();
      if (message === MESSAGES.ACCOUNT_DEACTIVATED.toLowerCase()) {
        dispatch(setVerifyData({ email, password }));
        void navigate(paths.reactivateAccount.getHref(), { state: { email } });
      } else if (message === MESSAGES.ACCOUNT_NOT_CONFIRMED.toLowerCase()) {
        dispatch(setVerifyData({ email, password }));
        void navigate(paths.confirmAccount.getHref());
      } else if (isQueryError(error)) {
        showInPlace(error);
      }
    }
  });

  /**
   * The others stay on this page, so they are said here, where they last (a toast vanishes in
   * three seconds): a field's error under the field, a wrong password under the
   * password, anything else (a suspension, a limit) in the box above the form.
   */
  const showInPlace = (error: unknown) => {
    markShownInPlace(error);
    const fields = getFieldErrors(error);
    if (fields.email || fields.password) {
      if (fields.email) setError('email', { message: fields.email });
      if (fields.password) setError('password', { message: fields.password });
    } else if (isQueryError(error) && error.status === 401) {
      setError('password', { message: getErrorMessage(error) });
    } else {
      setRestartReason(getErrorMessage(error));
    }
  };

  /**
   * The browser's passkey autofill (conditional mediation), started when the e-mail field is
   * first focused so the passkey code stays out of the page's first load; picking a passkey
   * there signs in as the button does. Cancelled by the button's own request, or on leaving.
   */
  const autofillStarted = useRef(false);
  const startPasskeyAutofill = () => {
    if (autofillStarted.current) return;
    autofillStarted.current = true;
    void (async () => {
      try {
        const { signInWithPasskeyAutofill } = await loadPasskeySignIn();
        await settlePendingSignOutBeforeSignIn();
        const result = await signInWithPasskeyAutofill(dispatch);
        if (result) finishSignIn(result);
      } catch {
        // Cancelled, or refused (the refusal is toasted): the password and the button remain.
      }
    })();
  };
  useEffect(
    () => () => {
      if (autofillStarted.current) void loadPasskeySignIn().then((m) => m.stopPasskeyAutofill());
    },
    [],
  );

  /** A passkey is both factors: no password, no code, straight to the session. */
  const signInWithPasskey = async () => {
    setRestartReason(null);
    setIsPasskeyLoading(true);
    try {
      await settlePendingSignOutBeforeSignIn();
      const { signInWithPasskeyNow } = await loadPasskeySignIn();
      finishSignIn(await signInWithPasskeyNow(dispatch));
    } catch (error) {
      // API refusals are toasted by lib/error-toasts; the browser's own are said here.
      if (!isQueryError(error)) {
        toast.error('No passkey was used. Try again, or sign in with your password.');
      }
    } finally {
      setIsPasskeyLoading(false);
    }
  };

  if (challenge) {
    return (
      <AuthLayout
        title="Two-step sign-in"
        intro={`Signing in as ${getValues('email')}. ${secondStepHint(challenge)}`}
        footer={
          <button
            type="button"
            onClick={() => {
              setChallenge(null);
            }}
            className="inline-flex min-h-11 items-center font-semibold text-brand underline hover:text-brand-deep"
          >
            Sign in as someone else
          </button>
        }
      >
        <Suspense fallback={<p className="text-slate">Loading...</p>}>
          <TwoStepForm
            challenge={challenge}
            onSignedIn={finishSignIn}
            onRestart={(message) => {
              setChallenge(null);
              setRestartReason(message);
            }}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Welcome Back"
      intro="Sign in to see your trades, withdrawals and rewards."
      footer={
        <>
          New to Karta? <AuthTextLink to={paths.register.getHref()}>Create an Account</AuthTextLink>
        </>
      }
    >
      <form
        // Even with no script at all, never a GET: the fields would be in the address (decision 074).
        method="post"
        noValidate
        onFocus={preload}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
      >
        {restartReason && (
          <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
            {restartReason}
          </p>
        )}
        <EmailField
          isSignIn
          error={errors.email?.message}
          onFocus={startPasskeyAutofill}
          {...register('email')}
        />
        <PasswordField error={errors.password?.message} {...register('password')} />
        <div className="-mt-1 flex items-center justify-between gap-4 text-sm">
          <AuthTextLink to={paths.forgotPassword.getHref()}>Forgot password</AuthTextLink>
          <span className="text-slate">Privacy policy</span>
        </div>
        <Button
          type="submit"
          fullWidth
          // From the press on, the lazily loaded validation included (decision 074).
          isLoading={isLoading || isSubmitting}
          loadingText="Loading..."
          queuedText="Signing in..."
        >
          Sign In
        </Button>
      </form>
      <div className="mt-4 flex flex-col gap-3">
        <p className="text-center text-sm text-slate">or</p>
        <Button
          variant="secondary"
          fullWidth
          isLoading={isPasskeyLoading}
          loadingText="Waiting for your passkey..."
          onClick={() => void signInWithPasskey()}
        >
          Sign in with a passkey
        </Button>
      </div>
    </AuthLayout>
  );
}
