import { zodResolver } from '@hookform/resolvers/zod';
import { NIN_DIGITS } from '@karta/shared/constants';
import { VerifyNinInputSchema, type VerifyNinInput } from '@karta/shared/schemas/kyc';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useVerifyNinMutation } from '../api';

/**
 * The NIN step (tier 1 → 2). It says what is checked and what is kept before asking, as the
 * BVN page does: a NIN request is what scammers send too.
 */
export function NinForm({ userId }: { userId: string }) {
  const [verifyNin, { isLoading }] = useVerifyNinMutation();
  const form = useForm<VerifyNinInput>({
    resolver: zodResolver(VerifyNinInputSchema),
    defaultValues: { nin: '' },
  });

  const submit = form.handleSubmit(async (body) => {
    try {
      const result = await verifyNin({ userId, body }).unwrap();
      toast.success(
        `Your NIN ending ${result.nin_last4} is verified. You are now at tier ${String(result.kyc.tier)}.`,
      );
      form.reset();
    } catch (error) {
      // The field says it where the seller looks; the toast does not repeat it (decision 035).
      const message = getFieldErrors(error).nin;
      if (message) {
        form.setError('nin', { message }, { shouldFocus: true });
        markShownInPlace(error);
      }
    }
  });

  return (
    <form
      noValidate
      aria-label="Verify your NIN"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate">
        <li>
          We check with the national identity register that your National Identification Number
          (NIN) belongs to the same person as your BVN: the same name and date of birth.
        </li>
        <li>We keep only a one-way hash of your NIN and its last 4 digits.</li>
        <li>
          Do not know it? It is on your NIN slip, or dial{' '}
          <span className="font-semibold text-ink">*346#</span> from the phone number registered
          with NIMC.
        </li>
      </ul>
      <Controller
        control={form.control}
        name="nin"
        render={({ field, fieldState }) => (
          <DigitsInput
            ref={field.ref}
            name={field.name}
            label="NIN"
            value={field.value}
            onChange={field.onChange}
            maxLength={NIN_DIGITS}
            autoComplete="off"
            hint={`${String(NIN_DIGITS)} digits`}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" isLoading={isLoading} loadingText="Verifying...">
          Verify NIN
        </Button>
      </div>
    </form>
  );
}
