import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PIN_LENGTH, PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS } from '@karta/shared/constants';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import {
  AUTO_WITHDRAWAL_MESSAGES,
  type AutoWithdrawalState,
  type User,
} from '@karta/shared/schemas/users';
import type { WithdrawalTerms } from '@karta/shared/schemas/withdrawals';
import { PinPrompt } from '../../../components/layouts/pin-prompt';
import { Button } from '../../../components/ui/button';
import { DigitsInput } from '../../../components/ui/digits-input';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { ToneBadge } from '../../../components/ui/status-badge';
import { paths } from '../../../config/paths';
import { getLastFour } from '../../../lib/account-number';
import { getErrorMessage, getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { useGetBeneficiariesQuery } from '../../../lib/beneficiaries-api';
import { useOpenDashboardModal } from '../../../lib/dashboard-modals';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { selectUser, setUser } from '../../../lib/session/auth-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';
import { useGetWithdrawalTermsQuery } from '../api';
import { useSwitchAutoWithdrawalMutation } from '../auto-withdrawal-api';

const accountLabel = (account: BeneficiaryAccount) =>
  `${account.bank_name} •••• ${getLastFour(account.account_number)}`;

/**
 * Settings → Automatic withdrawal (decision 038): each approved trade goes straight
 * to a saved account, less the fee. Turned on with the PIN; the page says what it costs and
 * what stops it, and leads a seller without a BVN, a PIN or a saved account to what is missing.
 */
export function AutoWithdrawalSettings() {
  const user = useAppSelector(selectUser);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex max-w-2xl flex-col gap-5">
      <div>
        <h2 id={titleId} className="text-xl font-bold text-ink">
          Automatic Withdrawal
        </h2>
        <p className="mt-1 text-sm text-slate">
          Send each approved trade straight to your bank, without asking each time.
        </p>
      </div>
      {user && <AutoWithdrawalBody user={user} />}
    </section>
  );
}

function AutoWithdrawalBody({ user }: { user: User }) {
  const { pathname } = useLocation();
  const openModal = useOpenDashboardModal();
  const [isPinPromptHidden, setIsPinPromptHidden] = useState(false);
  const terms = useGetWithdrawalTermsQuery(user.id, { skip: !user.kyc_verified });
  const accounts = useGetBeneficiariesQuery(user.id, { skip: !user.kyc_verified });

  if (!user.kyc_verified) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-[12px] border border-gold bg-pending-bg p-4">
        <h3 className="font-semibold text-ink">Verify your BVN first</h3>
        <p className="text-sm text-ink">
          Money leaves Karta only for a seller whose Bank Verification Number is verified. It takes
          a minute, once.
        </p>
        <Link
          to={paths.dashboard.verifyBvn.getHref()}
          state={{ from: pathname }}
          className="inline-flex min-h-11 items-center rounded-[12px] bg-brand px-4 font-semibold text-white hover:bg-brand-deep"
        >
          Verify BVN
        </Link>
      </div>
    );
  }
  if (!user.has_pin) {
    return isPinPromptHidden ? (
      <p className="text-sm text-slate">
        Set a withdrawal PIN (Settings → Change PIN) to turn automatic withdrawal on.
      </p>
    ) : (
      <PinPrompt
        onSetPin={() => {
          openModal('changePin');
        }}
        onDismiss={() => {
          setIsPinPromptHidden(true);
        }}
      />
    );
  }
  if ((terms.isError && !terms.data) || (accounts.isError && !accounts.data)) {
    return (
      <LoadError
        message="We could not load your saved accounts and withdrawal terms."
        isRetrying={terms.isFetching || accounts.isFetching}
        onRetry={() => {
          void terms.refetch();
          void accounts.refetch();
        }}
      />
    );
  }
  if (!terms.data || !accounts.data) {
    return <Spinner label="Loading your saved accounts..." className="self-center py-8" />;
  }
  return (
    <>
      <AutoWithdrawalStatus
        user={user}
        state={user.auto_withdrawal}
        accounts={accounts.data}
        terms={terms.data}
      />
      <WhatStopsIt terms={terms.data} />
    </>
  );
}

function AutoWithdrawalStatus({
  user,
  state,
  accounts,
  terms,
}: {
  user: User;
  state: AutoWithdrawalState;
  accounts: BeneficiaryAccount[];
  terms: WithdrawalTerms;
}) {
  const dispatch = useAppDispatch();
  const [switchAuto, { isLoading }] = useSwitchAutoWithdrawalMutation();
  const [isChanging, setIsChanging] = useState(false);
  const current = accounts.find((account) => account.id === state.beneficiary_account_id);

  const turnOff = async () => {
    try {
      const result = await switchAuto({ userId: user.id, body: { enabled: false } }).unwrap();
      dispatch(setUser({ ...user, auto_withdrawal: result.data }));
      toast.success(result.message);
    } catch {
      // The global error toast has said why (docs/product.md §8).
    }
  };

  return (
    <>
      <div className="flex flex-col gap-3 rounded-[12px] border border-line p-4">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          Automatic withdrawal is{' '}
          {state.enabled ? (
            <ToneBadge tone="bg-approved-bg text-approved">On</ToneBadge>
          ) : (
            <ToneBadge tone="bg-mist text-slate">Off</ToneBadge>
          )}
        </h3>
        {state.enabled ? (
          <p className="text-sm text-ink">
            Each approved trade goes to{' '}
            <span className="font-semibold">
              {current ? `${accountLabel(current)} (${current.account_name})` : 'your account'}
            </span>
            , less the <span className="money">{formatNaira(terms.fee)}</span> fee
            {state.changed_at && <>, since {formatLagosDateTime(state.changed_at)}</>}.
          </p>
        ) : (
          <p className="text-sm text-ink">
            Approved trades stay in your wallet until you withdraw.
          </p>
        )}
        {!state.enabled && state.stopped_reason && (
          <p className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
            We turned it off
            {state.changed_at && <> on {formatLagosDateTime(state.changed_at)}</>}.{' '}
            {state.stopped_reason}
          </p>
        )}
        {state.enabled && !isChanging && (
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              variant="secondary"
              onClick={() => {
                setIsChanging(true);
              }}
            >
              Change account
            </Button>
            <Button
              variant="danger"
              isLoading={isLoading}
              loadingText="Turning off..."
              onClick={() => void turnOff()}
            >
              Turn off
            </Button>
          </div>
        )}
      </div>
      {accounts.length === 0 ? (
        <EmptyState title="No saved account yet">
          <p className="mt-1 text-sm text-slate">
            Automatic withdrawal sends to one of your saved accounts.{' '}
            <Link
              to={paths.dashboard.withdrawalAccounts.getHref()}
              className="font-semibold text-brand underline"
            >
              Add a withdrawal account
            </Link>{' '}
            first.
          </p>
        </EmptyState>
      ) : (
        (!state.enabled || isChanging) && (
          <TurnOnForm
            user={user}
            accounts={accounts}
            initialAccountId={current?.id}
            isChange={state.enabled}
            onCancel={
              isChanging
                ? () => {
                    setIsChanging(false);
                  }
                : undefined
            }
            onDone={() => {
              setIsChanging(false);
            }}
          />
        )
      )}
    </>
  );
}

function TurnOnForm({
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
    try {
      const result = await switchAuto({
        userId: user.id,
        body: { enabled: true, beneficiary_account_id: accountId, pin },
      }).unwrap();
      dispatch(setUser({ ...user, auto_withdrawal: result.data }));
      toast.success(result.message);
      setPin('');
      onDone();
    } catch (error) {
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
    </form>
  );
}

function WhatStopsIt({ terms }: { terms: WithdrawalTerms }) {
  return (
    <div className="rounded-[12px] bg-mist p-4 text-sm text-ink">
      <h3 className="font-semibold">How it works</h3>
      <p className="mt-2">
        When an operator approves your trade, we credit your wallet and at once send the amount,
        less the <span className="money">{formatNaira(terms.fee)}</span> fee, to your account. You
        will find it in your withdrawal history, marked Automatic.
      </p>
      <h3 className="mt-4 font-semibold">What turns it off</h3>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        <li>You turn it off here, or delete the account it sends to.</li>
        <li>Your account is suspended.</li>
        <li>
          Withdrawals lock after {PIN_MAX_ATTEMPTS} wrong PINs (for {PIN_LOCK_MINUTES} minutes).
        </li>
        <li>A payout fails or your bank returns it: the money comes back to your wallet.</li>
      </ul>
      <p className="mt-3">
        We tell you each time, by notice and e-mail. A trade outside the limits (
        <span className="money">{formatNaira(terms.min_amount)}</span> to{' '}
        <span className="money">{formatNaira(terms.max_amount)}</span> at a time,{' '}
        <span className="money">{formatNaira(terms.daily_limit)}</span> a day) stays in your wallet,
        and automatic withdrawal stays on.
      </p>
    </div>
  );
}
