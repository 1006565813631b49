import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { Link, useLocation } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { maskAccountNumber } from '../../../lib/account-number';
import { getWithdrawalDetailHref } from '../withdrawal-links';

/** One withdrawal in a list: where it went, how much, where it stands, and when. */
export function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { pathname, search } = useLocation();
  return (
    <li>
      <Link
        to={getWithdrawalDetailHref(pathname, withdrawal.transaction_id)}
        // The detail's "back" returns to this list with its filters and page.
        state={{ from: `${pathname}${search}` }}
        className="flex flex-col gap-2 rounded-[12px] border border-line bg-white p-4 hover:border-brand sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            {withdrawal.bank_name}{' '}
            <span className="money font-normal">
              {maskAccountNumber(withdrawal.account_number)}
            </span>
          </p>
          <p className="truncate text-sm text-slate">{withdrawal.account_name}</p>
          <p className="mt-1 text-sm text-slate">
            <time dateTime={withdrawal.created_at}>
              {formatLagosDateTime(withdrawal.created_at)}
            </time>
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
          <p className="text-right">
            <span className="money block font-bold text-ink">{formatNaira(withdrawal.amount)}</span>
            <span className="block text-xs text-slate">
              Total <span className="money">{formatNaira(withdrawal.total)}</span>
            </span>
          </p>
          <StatusBadge status={withdrawal.status} />
        </div>
      </Link>
    </li>
  );
}
