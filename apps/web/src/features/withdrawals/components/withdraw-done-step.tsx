import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import type { Ref } from 'react';
import { RecordDoneStep } from '../../../components/history/record-done-step';
import { paths } from '../../../config/paths';
import { getLastFour } from '../../../lib/account-number';
import { formatNaira } from '../../../lib/format-money';

interface WithdrawDoneStepProps {
  withdrawal: Withdrawal;
  onWithdrawAgain: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Done: what was sent where, its reference, what happens next and where to follow it. */
export function WithdrawDoneStep({
  withdrawal,
  onWithdrawAgain,
  headingRef,
}: WithdrawDoneStepProps) {
  return (
    <RecordDoneStep
      title="Withdrawal requested"
      headingRef={headingRef}
      view={{
        to: paths.dashboard.withdrawalTransaction.getHref(withdrawal.transaction_id),
        label: 'View withdrawal',
      }}
      history={{ to: paths.dashboard.withdrawals.getHref(), label: 'Go to withdrawal history' }}
      again={{ label: 'Make another withdrawal', onClick: onWithdrawAgain }}
    >
      <p className="max-w-md text-slate">
        <span className="money font-semibold text-ink">{formatNaira(withdrawal.amount)}</span> is on
        its way to {withdrawal.bank_name} •••• {getLastFour(withdrawal.account_number)} (
        {withdrawal.account_name}). Most transfers arrive within minutes; its status is always in
        your withdrawal history. If the bank refuses it, the{' '}
        <span className="money">{formatNaira(withdrawal.total)}</span> comes back to your wallet.
      </p>
      <p className="text-slate">Transaction ID</p>
      <p className="font-mono text-lg font-bold break-all text-brand-deep">
        {withdrawal.transaction_id}
      </p>
    </RecordDoneStep>
  );
}
