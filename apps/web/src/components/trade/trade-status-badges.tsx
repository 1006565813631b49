import type { Trade } from '@karta/shared/schemas/trades';
import { StatusBadge } from '../ui/status-badge';

/**
 * Where a trade stands, for the seller and the console alike. An approved trade whose addition
 * to its credit waits for a second staff member says so beside "Approved", with the same badge
 * an approval that waits has (decision 049): one sight, one set of words, for every path.
 */
export function TradeStatusBadges({
  trade,
  className = '',
  layoutClassName = '',
}: {
  trade: Pick<Trade, 'status' | 'is_waiting_second_approval'>;
  /** For each badge (its size). */
  className?: string;
  /** For the pair, such as stacking them in a narrow column. */
  layoutClassName?: string;
}) {
  const isAdditionWaiting =
    trade.status !== 'awaiting_second_approval' && trade.is_waiting_second_approval;
  if (!isAdditionWaiting) return <StatusBadge status={trade.status} className={className} />;
  return (
    <span className={`inline-flex flex-wrap items-center gap-2 ${layoutClassName}`.trim()}>
      <StatusBadge status={trade.status} className={className} />
      <StatusBadge status="awaiting_second_approval" className={className} />
    </span>
  );
}
