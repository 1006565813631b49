import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatNaira } from '../../../lib/format-money';
import { getLastFour } from '../../../lib/account-number';

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
    <section
      aria-labelledby="withdraw-done-title"
      className="flex flex-col items-center gap-4 text-center"
    >
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-approved-bg text-2xl font-bold text-approved"
      >
        ✓
      </span>
      <h2
        id="withdraw-done-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-ink outline-none"
      >
        Withdrawal requested
      </h2>
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
      <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link
          to={paths.dashboard.withdrawalTransaction.getHref(withdrawal.transaction_id)}
          className="inline-flex min-h-11 items-center justify-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
        >
          View withdrawal
        </Link>
        <Link
          to={paths.dashboard.withdrawals.getHref()}
          className="inline-flex min-h-11 items-center justify-center rounded-[12px] border border-brand px-5 font-semibold text-brand hover:bg-brand/5"
        >
          Go to withdrawal history
        </Link>
        <Button variant="ghost" onClick={onWithdrawAgain}>
          Make another withdrawal
        </Button>
      </div>
    </section>
  );
}
