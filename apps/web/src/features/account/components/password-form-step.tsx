import type { SyntheticEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { confirmMatches } from '@karta/shared/schemas/fields';
import { UpdatePasswordInputSchema } from '@karta/shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';

/** The form step: the shared request schema without the code, which the next step collects. */
export const PasswordFormSchema = z
  .object(UpdatePasswordInputSchema.shape)
  .omit({ otp: true })
  .superRefine(confirmMatches('new_password', 'verify_new_password'));
export type PasswordForm = z.infer<typeof PasswordFormSchema>;
export const PASSWORD_FORM_FIELDS = ['password', 'new_password', 'verify_new_password'] as const;

interface PasswordFormStepProps {
  form: UseFormReturn<PasswordForm>;
  onSubmit: (event: SyntheticEvent) => void;
  onCancel: () => void;
  isSending: boolean;
}

/** First step of the password change (spec §4): current password, new one, confirmation. */
export function PasswordFormStep({ form, onSubmit, onCancel, isSending }: PasswordFormStepProps) {
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate">
        After you press Proceed we e-mail you a 6-digit code to confirm it is you. Changing your
        password signs you out on every other device.
      </p>
      <TextInput
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextInput
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.new_password?.message}
        {...form.register('new_password')}
      />
      <TextInput
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.verify_new_password?.message}
        {...form.register('verify_new_password')}
      />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSending} loadingText="Sending code...">
          Proceed
        </Button>
      </div>
    </form>
  );
}
