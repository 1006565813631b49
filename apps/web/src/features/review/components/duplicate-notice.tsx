import type { TradeDuplicate } from '@karta/shared/schemas/trade-duplicates';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import { Link } from 'react-router';
import { RecordNotice } from '../../../components/history/record-notice';
import { StatusBadge } from '../../../components/ui/status-badge';
import { consolePaths } from '../../../config/console-paths';
import { formatLagosDateTime } from '../../../lib/format-date';

/** How the two trades match, in words an operator can check against the photos. */
function matchWords(duplicate: TradeDuplicate) {
  if (duplicate.match === 'code') return 'Same e-code';
  return duplicate.distance === 0
    ? 'Same photo'
    : `Similar photo (${String(duplicate.distance)} of 64 bits differ)`;
}

/**
 * Other trades (any seller) with the same e-code or a near photo. The earlier ones make this
 * trade suspect: the card may have been sold before. Each links to the other trade.
 */
export function DuplicateNotice({ trade }: { trade: AdminTrade }) {
  if (trade.duplicates.length === 0) return null;
  const hasEarlier = trade.duplicates.some((duplicate) => duplicate.is_earlier);
  return (
    <RecordNotice label="Possible duplicate" tone="pending">
      <p className="font-bold text-pending">Possible duplicate</p>
      <p className="mt-1 text-ink">
        {hasEarlier
          ? 'This card looks like one in an earlier trade. Compare them before you decide.'
          : 'A later trade looks like this one. Compare them before you decide on either.'}
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {trade.duplicates.map((duplicate) => (
          <li
            key={`${duplicate.trade.id}-${duplicate.match}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-[12px] bg-white px-3 py-2"
          >
            <Link
              to={consolePaths.trade.getHref(duplicate.trade.id)}
              className="font-mono font-semibold text-brand underline hover:text-brand-deep"
            >
              {duplicate.trade.reference}
            </Link>
            <span className="text-sm font-semibold text-ink">{matchWords(duplicate)}</span>
            <span className="text-sm text-slate">
              {duplicate.is_earlier ? 'Earlier' : 'Later'} ·{' '}
              {duplicate.trade.seller.id === trade.user.id
                ? 'same seller'
                : `${duplicate.trade.seller.first_name} ${duplicate.trade.seller.last_name}`}{' '}
              ·{' '}
              <time dateTime={duplicate.trade.created_at}>
                {formatLagosDateTime(duplicate.trade.created_at)}
              </time>
            </span>
            <StatusBadge status={duplicate.trade.status} />
          </li>
        ))}
      </ul>
    </RecordNotice>
  );
}
