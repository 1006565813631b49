import { useId, type Ref } from 'react';
import { Controller, useController, type Control, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { StepForm } from '../../../components/ui/step-form';
import { paths } from '../../../config/paths';
import { formatKobo } from '../../../lib/format-money';
import { BankAccountFields } from '../../../components/bank-account/bank-account-fields';
import type { AccountResolutionState } from '../../../components/bank-account/use-account-resolution';
import {
  NEW_ACCOUNT,
  type WithdrawFormContext,
  type WithdrawFormValues,
  type WithdrawLimits,
} from '../withdraw-form-schema';
import { DestinationField, type BeneficiaryList } from './destination-field';
import { WithdrawAmountField } from './withdraw-amount-field';

type WithdrawForm = UseFormReturn<WithdrawFormValues, WithdrawFormContext>;

interface WithdrawFormStepProps {
  form: WithdrawForm;
  list: BeneficiaryList;
  limits: WithdrawLimits;
  resolution: AccountResolutionState;
  onContinue: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Bank and number of a new account, each registered so a problem can take focus. */
function NewAccountFields({
  control,
  resolution,
}: {
  control: Control<WithdrawFormValues, WithdrawFormContext>;
  resolution: AccountResolutionState;
}) {
  const bank = useController({ control, name: 'bank' });
  const number = useController({ control, name: 'accountNumber' });
  return (
    <BankAccountFields
      bank={bank.field.value}
      onBankChange={bank.field.onChange}
      bankRef={bank.field.ref}
      bankError={bank.fieldState.error?.message}
      accountNumber={number.field.value}
      onAccountNumberChange={number.field.onChange}
      onAccountNumberBlur={number.field.onBlur}
      accountNumberRef={number.field.ref}
      accountNumberError={number.fieldState.error?.message}
      resolution={resolution}
    />
  );
}

/** Step 1 (docs/product.md §1): the account the money goes to, and how much, with the fee in sight. */
export function WithdrawFormStep({
  form,
  list,
  limits,
  resolution,
  onContinue,
  headingRef,
}: WithdrawFormStepProps) {
  const saveId = useId();
  const { errors } = form.formState;
  const destination = form.watch('destination');
  const isTooLittle = limits.balanceKobo < limits.minKobo + limits.feeKobo;

  return (
    <StepForm
      title="Where and how much"
      headingRef={headingRef}
      submitLabel="Continue"
      onSubmit={onContinue}
    >
      {isTooLittle && (
        <p className="rounded-[12px] bg-pending-bg p-4 text-sm text-ink">
          Your balance is {formatKobo(limits.balanceKobo)}. The smallest withdrawal is{' '}
          {formatKobo(limits.minKobo)} plus the {formatKobo(limits.feeKobo)} fee.{' '}
          <Link to={paths.dashboard.trade.getHref()} className="font-semibold text-brand underline">
            Sell a gift card
          </Link>{' '}
          to add to it.
        </p>
      )}
      <DestinationField
        value={destination}
        radio={form.register('destination')}
        list={list}
        error={errors.destination?.message}
      />
      {destination === NEW_ACCOUNT && (
        <div className="flex flex-col gap-4 rounded-[12px] border border-line p-4">
          <NewAccountFields control={form.control} resolution={resolution} />
          <div className="flex items-start gap-3">
            <input
              id={saveId}
              type="checkbox"
              {...form.register('addAsBeneficiary')}
              aria-describedby={`${saveId}-hint`}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand"
            />
            <div>
              <label htmlFor={saveId} className="font-medium text-ink">
                Add as beneficiary
              </label>
              <p id={`${saveId}-hint`} className="text-sm text-slate">
                Saves this account in Withdrawal Accounts, so next time you only choose it.
              </p>
            </div>
          </div>
        </div>
      )}
      <Controller
        control={form.control}
        name="amount"
        render={({ field, fieldState }) => (
          <WithdrawAmountField
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            limits={limits}
            error={fieldState.error?.message}
          />
        )}
      />
    </StepForm>
  );
}
