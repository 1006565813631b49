import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import type { ReactNode } from 'react';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';

/** The numbers and the account of a withdrawal, each with its name. */
export function WithdrawalFacts({ withdrawal }: { withdrawal: Withdrawal }) {
  const facts: [string, ReactNode][] = [
    ['Transaction ID', <span className="font-mono break-all">{withdrawal.transaction_id}</span>],
    ['Amount', <span className="money">{formatNaira(withdrawal.amount)}</span>],
    ['Fee', <span className="money">{formatNaira(withdrawal.fee)}</span>],
    ['Total', <span className="money">{formatNaira(withdrawal.total)}</span>],
    ['Bank', withdrawal.bank_name],
    ['Account name', withdrawal.account_name],
    ['Account number', <span className="money">{withdrawal.account_number}</span>],
    ['Requested', formatLagosDateTime(withdrawal.created_at)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([term, detail]) => (
        <div key={term} className="min-w-0">
          <dt className="text-sm text-slate">{term}</dt>
          <dd className="font-semibold break-words text-ink">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
