import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  TotpCodeInputSchema,
  TotpSetupInputSchema,
  type TotpSetupSchema,
} from '@karta/shared/schemas/two-factor';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { TextInput } from '../../../components/ui/text-input';
import { getErrorMessage, getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useEnableTotpMutation, useSetUpTotpMutation } from '../api';
import { RecoveryCodes } from './recovery-codes';
import { SubHeading } from './sub-heading';

type TotpSetup = z.infer<typeof TotpSetupSchema>;

/** The secret in groups of four, to read and type without losing one's place. */
const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The QR code as an image: the API's SVG markup goes in a data: address, never into the page's
 * HTML, so nothing in it can run (an <img> does not run an SVG's scripts).
 */
const svgImageSource = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

interface TurnOnFlowProps {
  userId: string;
  onCancel: () => void;
  /** The recovery codes were seen: the page goes back to its status. */
  onDone: () => void;
}

/**
 * Turning two-step sign-in on (decision 061): the password again, then the QR code (or the
 * secret to type) and the first code, then the ten recovery codes once.
 */
export function TurnOnFlow({ userId, onCancel, onDone }: TurnOnFlowProps) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (setup) {
    return <ConfirmStep userId={userId} setup={setup} onEnabled={setCodes} onCancel={onCancel} />;
  }
  return <PasswordStep userId={userId} onSetup={setSetup} onCancel={onCancel} />;
}

function PasswordStep({
  userId,
  onSetup,
  onCancel,
}: {
  userId: string;
  onSetup: (setup: TotpSetup) => void;
  onCancel: () => void;
}) {
  const [setUpTotp, { isLoading }] = useSetUpTotpMutation();
  const form = useForm<z.infer<typeof TotpSetupInputSchema>>({
    resolver: zodResolver(TotpSetupInputSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const result = await setUpTotp({ userId, body }).unwrap();
      // The password has done its part here.
      form.reset({ password: '' });
      onSetup(result.data);
    } catch (error) {
      const message = getFieldErrors(error).password;
      if (message) {
        markShownInPlace(error);
        form.setError('password', { message });
      }
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <SubHeading>Turn on two-step sign-in</SubHeading>
      <p className="text-sm text-slate">
        You will need an authenticator app on your phone, such as Google Authenticator, Microsoft
        Authenticator or Authy. First, enter your password to confirm it is you.
      </p>
      <TextInput
        label="Password"
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <StepButtons onCancel={onCancel} isLoading={isLoading} submitLabel="Continue" />
    </form>
  );
}

function ConfirmStep({
  userId,
  setup,
  onEnabled,
  onCancel,
}: {
  userId: string;
  setup: TotpSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [enableTotp, { isLoading }] = useEnableTotpMutation();
  const form = useForm<z.infer<typeof TotpCodeInputSchema>>({
    resolver: zodResolver(TotpCodeInputSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const result = await enableTotp({ userId, body }).unwrap();
      toast.success(result.message);
      onEnabled(result.data.recovery_codes);
    } catch (error) {
      // A wrong code, or one too many tried: under the field, once.
      markShownInPlace(error);
      form.setError('code', { message: getFieldErrors(error).code ?? getErrorMessage(error) });
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <SubHeading>Scan the QR code</SubHeading>
      <p className="text-sm text-slate">
        In your authenticator app, add an account and scan this code. It will show Karta and a
        6-digit code that changes every 30 seconds.
      </p>
      <img
        src={svgImageSource(setup.qr_svg)}
        alt="QR code to add Karta to your authenticator app"
        width={200}
        height={200}
        className="h-[200px] w-[200px] self-center rounded-[12px] border border-line bg-white p-3 sm:self-start"
      />
      <div className="flex flex-col gap-1">
        <p className="text-sm text-slate">Cannot scan? Type this key into the app instead:</p>
        <p
          aria-label="Setup key"
          className="rounded-[12px] bg-mist px-3 py-2 text-base font-semibold tracking-wide break-words text-ink tabular-nums"
        >
          {groupSecret(setup.secret)}
        </p>
      </div>
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <DigitsInput
            ref={field.ref}
            name={field.name}
            label="Enter the 6-digit code from your authenticator app"
            maxLength={6}
            value={field.value}
            onChange={field.onChange}
            error={form.formState.errors.code?.message}
          />
        )}
      />
      <StepButtons onCancel={onCancel} isLoading={isLoading} submitLabel="Turn on" />
    </form>
  );
}

export function StepButtons({
  onCancel,
  isLoading,
  submitLabel,
  variant = 'primary',
}: {
  onCancel: () => void;
  isLoading: boolean;
  submitLabel: string;
  variant?: 'primary' | 'danger';
}) {
  return (
    <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-start">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} isLoading={isLoading} loadingText="Checking...">
        {submitLabel}
      </Button>
    </div>
  );
}
