import type { Trade } from '@karta/shared/schemas/trades';
import { Link, useLocation } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatCardAmount, formatNaira } from '../../../lib/format-money';
import { getTradeDetailHref } from '../trade-links';

/** One trade in a list: what was sold, for how much, where it stands, and when. */
export function TradeRow({ trade }: { trade: Trade }) {
  const { pathname, search } = useLocation();
  const isApproved = trade.status === 'approved' && trade.final_value !== null;
  return (
    <li>
      <Link
        to={getTradeDetailHref(pathname, trade.id)}
        // The detail's "back" returns to this list with its filters and page.
        state={{ from: `${pathname}${search}` }}
        className="flex flex-col gap-2 rounded-[12px] border border-line bg-white p-4 hover:border-brand sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0">
          <p className="font-semibold text-ink">{trade.gift_card.name}</p>
          <p className="text-sm text-slate">
            {trade.subcategory.name} ·{' '}
            <span className="money">
              {formatCardAmount(trade.amount, trade.subcategory.currency)}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate">
            <time dateTime={trade.created_at}>{formatLagosDateTime(trade.created_at)}</time>
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
          <p className="text-right">
            <span className="block text-xs text-slate">{isApproved ? 'Credited' : 'Expected'}</span>
            <span className="money font-bold text-ink">
              {formatNaira(isApproved ? (trade.final_value ?? 0) : trade.expected_value)}
            </span>
          </p>
          <StatusBadge status={trade.status} />
        </div>
      </Link>
    </li>
  );
}
