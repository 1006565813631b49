import type { Trade } from '@karta/shared/schemas/trades';
import { RecordRow } from '../../../components/history/record-row';
import { TradeStatusBadges } from '../../../components/trade/trade-status-badges';
import { formatCardAmount, formatNaira } from '../../../lib/format-money';
import { TRADE_ROUTES } from '../trade-links';

/** One trade in a list: what was sold, for how much, where it stands, and when. */
export function TradeRow({ trade }: { trade: Trade }) {
  const isApproved = trade.status === 'approved' && trade.final_value !== null;
  return (
    <RecordRow
      routes={TRADE_ROUTES}
      id={trade.id}
      status={trade.status}
      badges={<TradeStatusBadges trade={trade} />}
      createdAt={trade.created_at}
      summary={
        <>
          <p className="font-semibold text-ink">{trade.gift_card.name}</p>
          <p className="text-sm text-slate">
            {trade.subcategory.name} ·{' '}
            <span className="money">
              {formatCardAmount(trade.amount, trade.subcategory.currency)}
            </span>
          </p>
        </>
      }
      figures={
        <>
          <span className="block text-xs text-slate">{isApproved ? 'Credited' : 'Expected'}</span>
          <span className="money font-bold text-ink">
            {formatNaira(isApproved ? (trade.final_value ?? 0) : trade.expected_value)}
          </span>
        </>
      }
    />
  );
}
