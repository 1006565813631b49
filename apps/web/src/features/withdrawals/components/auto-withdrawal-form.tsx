import { useState } from 'react';
import { PIN_LENGTH } from '@karta/shared/constants';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import { AUTO_WITHDRAWAL_MESSAGES, type User } from '@karta/shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { isStepUpCancelled, useStepUp } from '../../../components/step-up/use-step-up';
import { getLastFour } from '../../../lib/account-number';
import { getErrorMessage, getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { setUser } from '../../../lib/session/auth-slice';
import { useAppDispatch } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';
import { useSwitchAutoWithdrawalMutation } from '../auto-withdrawal-api';

/** Turns it on, or moves it to another account: the account and the PIN. */
export function AutoWithdrawalForm({
  user,
  accounts,
  initialAccountId,
  isChange,
  onCancel,
  onDone,
}: {
  user: User;
  accounts: BeneficiaryAccount[];
  initialAccountId: string | undefined;
  isChange: boolean;
  onCancel: (() => void) | undefined;
  onDone: () => void;
}) {
  const dispatch = useAppDispatch();
  const [switchAuto, { isLoading }] = useSwitchAutoWithdrawalMutation();
  const stepUp = useStepUp();
  const [accountId, setAccountId] = useState(
    initialAccountId ?? (accounts.length === 1 ? accounts[0]?.id : undefined) ?? '',
  );
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ account?: string; pin?: string; other?: string }>({});

  const submit = async () => {
    const problems = {
      ...(accountId ? {} : { account: AUTO_WITHDRAWAL_MESSAGES.ACCOUNT_REQUIRED }),
      ...(pin.length === PIN_LENGTH ? {} : { pin: `Enter your ${String(PIN_LENGTH)}-digit PIN` }),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const args = {
      userId: user.id,
      body: { enabled: true, beneficiary_account_id: accountId, pin },
    };
    try {
      // With two-step sign-in on, the code is asked for in place and the same request sent again.
      const result = await stepUp.send(() => switchAuto(args).unwrap());
      dispatch(setUser({ ...user, auto_withdrawal: result.data }));
      toast.success(result.message);
      setPin('');
      onDone();
    } catch (error) {
      // The code prompt was closed: the account and the PIN stay as typed.
      if (isStepUpCancelled(error)) return;
      const fields = getFieldErrors(error);
      markShownInPlace(error);
      setPin('');
      setErrors(
        fields.pin
          ? { pin: fields.pin }
          : fields.beneficiary_account_id
            ? { account: fields.beneficiary_account_id }
            : { other: getErrorMessage(error) },
      );
    }
  };

  return (
    <form
      noValidate
      aria-label={isChange ? 'Change the account' : 'Turn on automatic withdrawal'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-4 rounded-[12px] border border-line p-4"
    >
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.account ? 'auto-account-error' : undefined}
      >
        <legend className="mb-2 font-semibold text-ink">Send my trades to</legend>
        {accounts.map((account) => (
          <label
            key={account.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-[12px] border border-line px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
          >
            <input
              type="radio"
              name="beneficiary_account_id"
              value={account.id}
              checked={accountId === account.id}
              onChange={() => {
                setAccountId(account.id);
              }}
              className="h-5 w-5 accent-brand"
            />
            <span className="min-w-0">
              {/* The bank's name may wrap on a phone; its masked number never breaks. */}
              <span className="block font-semibold text-ink">
                {account.bank_name}{' '}
                <span className="money">•••• {getLastFour(account.account_number)}</span>
              </span>
              <span className="block truncate text-sm text-slate">{account.account_name}</span>
            </span>
          </label>
        ))}
        {errors.account && (
          <p id="auto-account-error" className="text-sm text-rejected">
            {errors.account}
          </p>
        )}
      </fieldset>
      <div className="max-w-xs">
        <DigitsInput
          name="pin"
          label="PIN"
          value={pin}
          onChange={setPin}
          maxLength={PIN_LENGTH}
          isMasked
          autoComplete="off"
          error={errors.pin}
          hint={`Your ${String(PIN_LENGTH)}-digit withdrawal PIN`}
        />
      </div>
      {errors.other && (
        <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
          {errors.other}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
            Cancel
          </Button>
        )}
        <Button type="submit" isLoading={isLoading} loadingText="Saving...">
          {isChange ? 'Save account' : 'Turn on automatic withdrawal'}
        </Button>
      </div>
      {stepUp.prompt}
    </form>
  );
}
