import { useState } from 'react';
import { Link } from 'react-router';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import type { AutoWithdrawalState, User } from '@karta/shared/schemas/users';
import type { WithdrawalTerms } from '@karta/shared/schemas/withdrawals';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ToneBadge } from '../../../components/ui/status-badge';
import { paths } from '../../../config/paths';
import { getLastFour } from '../../../lib/account-number';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { setUser } from '../../../lib/session/auth-slice';
import { useAppDispatch } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';
import { useSwitchAutoWithdrawalMutation } from '../auto-withdrawal-api';
import { AutoWithdrawalForm } from './auto-withdrawal-form';

const accountLabel = (account: BeneficiaryAccount) =>
  `${account.bank_name} •••• ${getLastFour(account.account_number)}`;

/** Whether it is on, to which account, and why it was turned off; the buttons that change it. */
export function AutoWithdrawalStatus({
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
          <AutoWithdrawalForm
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
