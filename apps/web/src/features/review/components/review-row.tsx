import type { AdminTrade } from '@karta/shared/schemas/trades';
import { Link } from 'react-router';
import { ClockIcon, CopiesIcon } from '../../../components/ui/line-icons';
import { TradeStatusBadges } from '../../../components/trade/trade-status-badges';
import { formatAge } from '../../../lib/format-age';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatCardAmount, formatNaira } from '../../../lib/format-money';
import { claimEnd, holderName, isLate, liveClaim } from '../review-desk';
import { consolePaths } from '../../../config/console-paths';

interface ReviewRowProps {
  trade: AdminTrade;
  now: number;
  from: string;
  operatorId: string;
}

/** Who is reviewing the trade now, if anyone, in words. */
function ClaimLine({ trade, now, operatorId }: Omit<ReviewRowProps, 'from'>) {
  const claim = liveClaim(trade, now);
  if (!claim) return null;
  const who = claim.holder.id === operatorId ? 'You are' : `${holderName(claim)} is`;
  return (
    <p className="mt-1 text-sm font-semibold text-processing">
      {who} reviewing it until {claimEnd(claim)}
    </p>
  );
}

/**
 * What admins added to an approved trade's credit that waits for a second admin (decision 049):
 * "Adjustment +₦90,000.00", or how many and their sum.
 */
function WaitingAdjustments({ trade }: { trade: AdminTrade }) {
  const waiting = trade.adjustments.filter((each) => each.status === 'awaiting_second_approval');
  const [first] = waiting;
  if (!first) return null;
  const sum = waiting.reduce((total, each) => total + each.amount, 0);
  return (
    <p className="text-sm text-slate">
      {waiting.length === 1 ? 'Adjustment ' : `${String(waiting.length)} adjustments `}
      <span className="money font-semibold text-ink">+{formatNaira(sum)}</span>
    </p>
  );
}

/**
 * One trade in the queue: who sold what, for how much, when (late past the review target),
 * who is reviewing it, how many photos to check, and what waits for a second approval.
 */
export function ReviewRow({ trade, now, from, operatorId }: ReviewRowProps) {
  const photos = trade.images.length;
  const isCredited = trade.status === 'approved' && trade.final_value !== null;
  return (
    <li>
      <Link
        to={consolePaths.trade.getHref(trade.id)}
        // The detail's "back" returns to this tab and page.
        state={{ from }}
        className="grid gap-3 rounded-[12px] border border-line bg-white p-4 hover:border-brand md:grid-cols-[1.2fr_1.5fr_1fr_auto] md:items-center"
      >
        <div className="min-w-0">
          <p className="font-mono font-semibold text-ink">{trade.reference}</p>
          <p className="truncate text-sm text-slate">
            {trade.user.first_name} {trade.user.last_name}
          </p>
          <ClaimLine trade={trade} now={now} operatorId={operatorId} />
          {trade.duplicates.length > 0 && (
            // The review page names the other trades; a row is one link, so it only says so.
            <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-pending-bg px-2 py-0.5 text-sm font-semibold text-pending">
              <CopiesIcon className="h-4 w-4" />
              Possible duplicate
            </p>
          )}
        </div>
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            {trade.gift_card.name} · {trade.subcategory.name}
          </p>
          <p className="text-sm text-slate">
            <time dateTime={trade.created_at}>{formatLagosDateTime(trade.created_at)}</time>
            {' · '}
            {formatAge(trade.created_at, now)}
            {isLate(trade, now) && (
              <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-rejected-bg px-2 py-0.5 font-semibold text-rejected">
                <ClockIcon className="h-4 w-4" />
                Late
              </span>
            )}
          </p>
        </div>
        <div>
          <p className="money font-semibold text-ink">
            {formatCardAmount(trade.amount, trade.subcategory.currency)}{' '}
            <span className="text-sm font-normal text-slate">{trade.subcategory.currency}</span>
          </p>
          <p className="text-sm text-slate">
            {isCredited ? 'Credited ' : 'Expected '}
            <span className="money font-semibold text-ink">
              {formatNaira(isCredited ? (trade.final_value ?? 0) : trade.expected_value)}
            </span>
          </p>
          <WaitingAdjustments trade={trade} />
        </div>
        <div className="flex items-center gap-3 md:flex-col md:items-end">
          <TradeStatusBadges trade={trade} layoutClassName="md:flex-col md:items-end" />
          <span className="text-sm text-slate">
            {photos === 1 ? '1 photo' : `${String(photos)} photos`}
          </span>
        </div>
      </Link>
    </li>
  );
}
