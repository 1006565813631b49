import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  RecoveryCodeSchema,
  TotpCodeSchema,
  type TwoFactorChallenge,
} from '@karta/shared/schemas/two-factor';
import type { User } from '@karta/shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { TextInput } from '../../../components/ui/text-input';
import {
  getErrorMessage,
  getFieldErrors,
  isQueryError,
  markShownInPlace,
} from '../../../lib/api-error';
import type { SessionEnvelope } from '../../../lib/base-api';
import { useAppDispatch } from '../../../lib/store/hooks';
import { authApi } from '../api';

export const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_LABEL = 'Recovery code';

/** One field is shown at a time; the other stays undefined and is not checked. */
const CodeFormSchema = z.object({
  code: TotpCodeSchema.optional(),
  recovery_code: RecoveryCodeSchema.optional(),
});
type Mode = 'totp' | 'recovery';

interface TwoStepFormProps {
  /** The password step's answer: its id, the account's methods, a passkey's options. */
  challenge: TwoFactorChallenge;
  /** The session, exactly as a plain sign-in answers it. */
  onSignedIn: (result: SessionEnvelope<User>) => void;
  /** The challenge is over (expired, or too many wrong codes): back to the password, with why. */
  onRestart: (message: string) => void;
}

/**
 * The sign-in's second step (decisions 061, 062), in the ways the account has: its passkey, the
 * authenticator's code, or a recovery code instead. Wrong codes are said under the field; a
 * challenge that is over starts again.
 */
export function TwoStepForm({ challenge, onSignedIn, onRestart }: TwoStepFormProps) {
  const [mode, setMode] = useState<Mode>('totp');
  const hasApp = challenge.methods.includes('totp');
  const passkey = challenge.methods.includes('passkey') && (
    <PasskeyStep
      challenge={challenge}
      onSignedIn={onSignedIn}
      onRestart={onRestart}
      isOnlyWay={!hasApp}
    />
  );
  if (!hasApp) return passkey;
  return (
    <div className="flex flex-col gap-5">
      <CodeForm
        key={mode}
        mode={mode}
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={onRestart}
      />
      {passkey}
      <button
        type="button"
        onClick={() => {
          setMode(mode === 'totp' ? 'recovery' : 'totp');
        }}
        className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-brand underline hover:text-brand-deep"
      >
        {mode === 'totp' ? 'Use a recovery code instead' : 'Use the code from your app instead'}
      </button>
    </div>
  );
}

/**
 * The passkey's way: the options came with the challenge (no round trip), the browser asks for
 * the face, finger or screen lock, the answer finishes the sign-in. The options are spent by a
 * refused answer, so a refusal starts the sign-in again.
 */
function PasskeyStep({
  challenge,
  onSignedIn,
  onRestart,
  isOnlyWay,
}: TwoStepFormProps & { isOnlyWay: boolean }) {
  const dispatch = useAppDispatch();
  const [isWaiting, setIsWaiting] = useState(false);
  const [error, setError] = useState<string>();

  const usePasskey = async () => {
    setIsWaiting(true);
    setError(undefined);
    try {
      const { confirmSignInWithPasskey } = await import('../passkey-sign-in');
      onSignedIn(await confirmSignInWithPasskey(dispatch, challenge));
    } catch (failure) {
      if (isQueryError(failure)) {
        markShownInPlace(failure);
        onRestart(getErrorMessage(failure));
        return;
      }
      setError('No passkey was used. Try again when your device asks.');
    } finally {
      setIsWaiting(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant={isOnlyWay ? 'primary' : 'secondary'}
        fullWidth
        isLoading={isWaiting}
        loadingText="Waiting for your passkey..."
        onClick={() => void usePasskey()}
      >
        Use your passkey
      </Button>
      {error && (
        <p role="alert" className="text-sm text-rejected">
          {error}
        </p>
      )}
    </div>
  );
}

function CodeForm({ mode, challenge, onSignedIn, onRestart }: TwoStepFormProps & { mode: Mode }) {
  const dispatch = useAppDispatch();
  const [isSending, setIsSending] = useState(false);
  const isTotp = mode === 'totp';
  const field = isTotp ? 'code' : 'recovery_code';
  const form = useForm<z.infer<typeof CodeFormSchema>>({
    resolver: zodResolver(CodeFormSchema),
    defaultValues: isTotp ? { code: '' } : { recovery_code: '' },
  });
  const { errors } = form.formState;
  useEffect(() => {
    form.setFocus(field);
  }, [form, field]);

  const onSubmit = form.handleSubmit(async (values) => {
    setIsSending(true);
    try {
      const result = await dispatch(
        authApi.endpoints.loginTwoFactor.initiate({
          challenge_id: challenge.challenge_id,
          ...(isTotp ? { code: values.code } : { recovery_code: values.recovery_code }),
        }),
      ).unwrap();
      onSignedIn(result);
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      if (fieldErrors.challenge_id) {
        markShownInPlace(error);
        onRestart(fieldErrors.challenge_id);
        return;
      }
      // A wrong code, or too many codes tried: said under the field, not in a toast as well.
      markShownInPlace(error);
      form.setError(field, { message: fieldErrors[field] ?? getErrorMessage(error) });
      form.setFocus(field);
    } finally {
      setIsSending(false);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      {isTotp ? (
        <Controller
          control={form.control}
          name="code"
          render={({ field: input }) => (
            <DigitsInput
              ref={input.ref}
              name={input.name}
              label={CODE_LABEL}
              maxLength={6}
              autoComplete="one-time-code"
              value={input.value ?? ''}
              onChange={input.onChange}
              error={errors.code?.message}
            />
          )}
        />
      ) : (
        <TextInput
          label={RECOVERY_LABEL}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="One of the ten codes you saved when you turned on two-step sign-in. Each works once."
          error={errors.recovery_code?.message}
          {...form.register('recovery_code')}
        />
      )}
      <Button type="submit" fullWidth isLoading={isSending} loadingText="Checking...">
        Continue
      </Button>
    </form>
  );
}
