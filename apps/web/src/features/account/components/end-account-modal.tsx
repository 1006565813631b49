import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AccountPasswordInputSchema, type AccountPasswordInput } from '@karta/shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextInput } from '../../../components/ui/text-input';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { selectUser } from '../../../lib/session/auth-slice';
import { clearSession } from '../../../lib/session/session';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';

/** The two ways an account ends (docs/product.md §4), each with its words. */
const ENDINGS = {
  deactivate: {
    title: 'Deactivate your account?',
    confirmLabel: 'Deactivate account',
    loadingText: 'Deactivating...',
    variant: 'primary',
  },
  delete: {
    title: 'Delete your account?',
    confirmLabel: 'Delete account',
    loadingText: 'Deleting...',
    variant: 'danger',
  },
} as const;

export interface AccountModalProps {
  isOpen: boolean;
  onClose: () => void;
}

interface EndAccountModalProps extends AccountModalProps {
  ending: keyof typeof ENDINGS;
  /** The RTK Query trigger that ends the account; it rejects when the server refuses. */
  endAccount: (args: { userId: string; body: AccountPasswordInput }) => {
    unwrap: () => Promise<{ message: string }>;
  };
  isLoading: boolean;
  /** What will happen, in plain words, above the password field. */
  children: ReactNode;
}

/** The password form; inside the modal, so each opening starts with an empty field. */
function EndAccountForm({
  onClose,
  ending,
  endAccount,
  isLoading,
  children,
}: Omit<EndAccountModalProps, 'isOpen'>) {
  const { confirmLabel, loadingText, variant } = ENDINGS[ending];
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const form = useForm<AccountPasswordInput>({
    resolver: zodResolver(AccountPasswordInputSchema),
    defaultValues: { password: '' },
  });

  const confirm = form.handleSubmit(async (body) => {
    if (!user) return;
    try {
      const result = await endAccount({ userId: user.id, body }).unwrap();
      toast.success(result.message);
      onClose();
      // With the token gone, the dashboard's guard sends the user to the login page.
      clearSession(dispatch);
    } catch (error) {
      // The toast comes from lib/error-toasts; a wrong password is also shown at its field.
      const message = getFieldErrors(error).password;
      if (message) {
        form.setError('password', { message }, { shouldFocus: true });
        markShownInPlace(error);
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void confirm(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 text-sm text-slate">
        {children}
        <p className="font-medium text-ink">Enter your password to confirm.</p>
      </div>
      <TextInput
        label="Password"
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" variant={variant} isLoading={isLoading} loadingText={loadingText}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * Deactivation and deletion: the consequences, then the account password (docs/product.md §5), so a
 * borrowed phone with an open session cannot end an account. Once the server agrees, the
 * session ends here too.
 */
export function EndAccountModal({ isOpen, ...form }: EndAccountModalProps) {
  return (
    <Modal isOpen={isOpen} onClose={form.onClose} title={ENDINGS[form.ending].title}>
      <EndAccountForm {...form} />
    </Modal>
  );
}
