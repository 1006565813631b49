import type { DeskWithdrawal } from '@karta/shared/schemas/withdrawal-desk';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatAge } from '../../../lib/format-age';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatDeskNaira } from '../desk-money';
import { consolePaths } from '../../../config/console-paths';

/** One withdrawal on the desk: reference, seller, account, amount, when, and how it stands. */
export function DeskRow({ row, now, from }: { row: DeskWithdrawal; now: number; from: string }) {
  return (
    <li>
      <Link
        to={consolePaths.withdrawal.getHref(row.id)}
        state={{ from }}
        className="grid gap-3 rounded-[12px] border border-line bg-white p-4 hover:border-brand md:grid-cols-[1.3fr_1.5fr_1fr_auto] md:items-center"
      >
        <div className="min-w-0">
          <p className="truncate font-mono text-sm font-semibold text-ink">{row.transaction_id}</p>
          <p className="truncate text-sm text-slate">
            {row.user.first_name} {row.user.last_name} · {row.user.email}
          </p>
        </div>
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            {row.bank_name} · <span className="font-mono">{row.account_number}</span>
          </p>
          <p className="text-sm text-slate">
            <time dateTime={row.created_at}>{formatLagosDateTime(row.created_at)}</time>
            {' · '}
            {formatAge(row.created_at, now)}
          </p>
        </div>
        <p className="money font-semibold text-ink">{formatDeskNaira(row.amount)}</p>
        <div className="flex flex-wrap items-center gap-2 md:flex-col md:items-end">
          <StatusBadge status={row.status} />
          {row.reversed_at && (
            <span className="rounded-full bg-rejected-bg px-2.5 py-0.5 text-sm font-semibold text-rejected">
              Reversed
            </span>
          )}
          {row.is_stuck && (
            <span className="rounded-full bg-pending-bg px-2.5 py-0.5 text-sm font-semibold text-pending">
              Stuck
            </span>
          )}
          {row.has_open_alert && (
            <span className="rounded-full bg-rejected px-2.5 py-0.5 text-sm font-semibold text-white">
              Alert
            </span>
          )}
        </div>
      </Link>
    </li>
  );
}
