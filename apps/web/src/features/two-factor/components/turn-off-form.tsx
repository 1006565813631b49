import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DisableTwoFactorInputSchema } from '@karta/shared/schemas/two-factor';
import { TextInput } from '../../../components/ui/text-input';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useDisableTwoFactorMutation } from '../api';
import { StepButtons } from './turn-on-flow';
import { SubHeading } from './sub-heading';

type DisableInput = z.infer<typeof DisableTwoFactorInputSchema>;
const FIELDS = ['password', 'code'] as const;

/** Turning two-step sign-in off (decision 061): the password and a code, the app's or a recovery code. */
export function TurnOffForm({
  userId,
  onCancel,
  onDone,
}: {
  userId: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const form = useForm<DisableInput>({
    resolver: zodResolver(DisableTwoFactorInputSchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const result = await disable({ userId, body }).unwrap();
      toast.success(result.message);
      form.reset();
      onDone();
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      const shown = FIELDS.filter((field) => fieldErrors[field]);
      for (const field of shown) form.setError(field, { message: fieldErrors[field] });
      if (shown.length) markShownInPlace(error);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <SubHeading>Turn off two-step sign-in</SubHeading>
      <p className="text-sm text-slate">
        Without it, your password alone signs in to your account. We will e-mail you that it was
        turned off.
      </p>
      <TextInput
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextInput
        label="Code from your authenticator app, or a recovery code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <StepButtons
        onCancel={onCancel}
        isLoading={isLoading}
        submitLabel="Turn off"
        variant="danger"
      />
    </form>
  );
}
