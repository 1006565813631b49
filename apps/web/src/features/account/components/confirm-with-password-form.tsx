import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AccountPasswordInputSchema, type AccountPasswordInput } from '@karta/shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { getFieldErrors } from '../../../lib/api-error';

interface ConfirmWithPasswordFormProps {
  /** What will happen, in plain words, above the password field. */
  children: ReactNode;
  confirmLabel: string;
  loadingText: string;
  variant: 'primary' | 'danger';
  isLoading: boolean;
  /** Rejects with the API error when the server refuses; resolves when it is done. */
  onConfirm: (input: AccountPasswordInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Deactivation and deletion: the consequences, then the account password (spec §5), so a
 * borrowed phone with an open session cannot end an account.
 */
export function ConfirmWithPasswordForm({
  children,
  confirmLabel,
  loadingText,
  variant,
  isLoading,
  onConfirm,
  onCancel,
}: ConfirmWithPasswordFormProps) {
  const form = useForm<AccountPasswordInput>({
    resolver: zodResolver(AccountPasswordInputSchema),
    defaultValues: { password: '' },
  });

  const confirm = form.handleSubmit(async (input) => {
    try {
      await onConfirm(input);
    } catch (error) {
      // The toast comes from lib/error-toasts; a wrong password is also shown at its field.
      const message = getFieldErrors(error).password;
      if (message) form.setError('password', { message }, { shouldFocus: true });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void confirm(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 text-sm text-slate">{children}</div>
      <TextInput
        label="Password"
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" variant={variant} isLoading={isLoading} loadingText={loadingText}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
