import type { Trade } from '@karta/shared/schemas/trades';
import { RecordRow } from '../../../components/history/record-row';
import { TradeStatusBadges } from '../../../components/trade/trade-status-badges';
import { formatCardAmount, formatNaira } from '../../../lib/format-money';
import { TRADE_ROUTES } from '../trade-links';

/** Which naira figure a row shows: credited, offered (an offer to answer) or expected. */
function rowFigure(trade: Trade): { label: string; value: number } {
  if (trade.status === 'approved' && trade.final_value !== null) {
    return { label: 'Credited', value: trade.final_value };
  }
  // An offer waiting on the seller: the value on the table, not the one asked for.
  if (trade.status === 'counter_offered' && trade.counter_offer) {
    return { label: 'Offered', value: trade.counter_offer.value };
  }
  return { label: 'Expected', value: trade.expected_value };
}

/** One trade in a list: what was sold, its reference, for how much, where it stands, and when. */
export function TradeRow({ trade }: { trade: Trade }) {
  const figure = rowFigure(trade);
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
          <p className="text-sm text-slate">
            Ref <span className="font-semibold tracking-wide text-ink">{trade.reference}</span>
          </p>
        </>
      }
      figures={
        <>
          <span className="block text-xs text-slate">{figure.label}</span>
          <span className="money font-bold text-ink">{formatNaira(figure.value)}</span>
        </>
      }
    />
  );
}
