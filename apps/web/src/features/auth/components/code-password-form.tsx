import type { ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { OTP_LENGTH } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import type { ResetPasswordInput } from '@karta/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';

const FIELDS = ['email', 'otp', 'new_password', 'verify_new_password'] as const;
const isFormField = (field: string): field is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(field);

const validation = lazyResolver(() =>
  import('./form-resolvers').then((m) => m.resetPasswordResolver),
);

interface CodePasswordFormProps {
  defaultEmail: string;
  codeLabel: string;
  submitLabel: string;
  loadingText: string;
  isLoading: boolean;
  /** Sends the values; a failure's field messages are shown under the fields. */
  onSubmit: (values: ResetPasswordInput) => Promise<void>;
  /** Shown under the code (a reset's resend control). */
  afterCode?: (form: UseFormReturn<ResetPasswordInput>) => ReactNode;
}

/**
 * A mailed code and a new password, twice: the reset page and the staff invitation page ask
 * for the same four fields with the same rules, and answer the same field errors.
 */
export function CodePasswordForm(props: CodePasswordFormProps) {
  const form = useForm<ResetPasswordInput>({
    resolver: validation.resolver,
    defaultValues: {
      email: props.defaultEmail,
      otp: '',
      new_password: '',
      verify_new_password: '',
    },
  });
  const { register, control, handleSubmit, setValue, setError, formState } = form;
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await props.onSubmit(values);
    } catch (error) {
      for (const [field, message] of Object.entries(getFieldErrors(error))) {
        if (isFormField(field)) {
          setError(field, { type: 'server', message });
          markShownInPlace(error);
        }
      }
    }
  });

  return (
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
            label={props.codeLabel}
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
      {props.afterCode?.(form)}
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
      <Button type="submit" fullWidth isLoading={props.isLoading} loadingText={props.loadingText}>
        {props.submitLabel}
      </Button>
    </form>
  );
}
