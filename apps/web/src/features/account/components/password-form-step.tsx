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

/** The three inputs, in order; the browser's password manager fills by autoComplete. */
const PASSWORD_INPUTS = [
  { name: 'password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New password', autoComplete: 'new-password' },
  { name: 'verify_new_password', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

interface PasswordFormStepProps {
  form: UseFormReturn<PasswordForm>;
  onSubmit: (event: SyntheticEvent) => void;
  onCancel: () => void;
  isSending: boolean;
}

/** First step of the password change (docs/product.md §4): current password, new one, confirmation. */
export function PasswordFormStep({ form, onSubmit, onCancel, isSending }: PasswordFormStepProps) {
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate">
        After you press Proceed we e-mail you a 6-digit code to confirm it is you. Changing your
        password signs you out on every other device.
      </p>
      {PASSWORD_INPUTS.map((input) => (
        <TextInput
          key={input.name}
          label={input.label}
          type="password"
          autoComplete={input.autoComplete}
          error={errors[input.name]?.message}
          {...form.register(input.name)}
        />
      ))}
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
