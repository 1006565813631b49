import type { AdminTrade } from '@karta/shared/schemas/trades';
import { RecordFacts, type RecordFact } from '../../../components/history/record-facts';
import { TradeStatusBadges } from '../../../components/trade/trade-status-badges';
import { formatAge } from '../../../lib/format-age';
import { formatLagosDateTime } from '../../../lib/format-date';
import { currencySymbol, formatCardAmount, formatNaira } from '../../../lib/format-money';
import { isLate, targetMinutes } from '../review-desk';

const DEVICE_WORDS = { web: 'The website', ios: 'The iPhone app', android: 'The Android app' };

/** Everything an operator weighs: who sells, what, at which rate, for how much, and when. */
export function ReviewFacts({ trade, now }: { trade: AdminTrade; now: number }) {
  const { currency } = trade.subcategory;
  const facts: RecordFact[] = [
    [
      'Seller',
      <>
        {trade.user.first_name} {trade.user.last_name}
        <span className="block font-normal break-all text-slate">{trade.user.email}</span>
      </>,
    ],
    ['Reference', <span className="font-mono">{trade.reference}</span>],
    ['Status', <TradeStatusBadges trade={trade} />],
    ['Gift card', `${trade.gift_card.name} · ${trade.subcategory.name}`],
    [
      'Card amount',
      <span className="money">
        {formatCardAmount(trade.amount, currency)} {currency}
      </span>,
    ],
    [
      'Rate',
      <span className="money">
        {formatNaira(trade.rate)} per {currencySymbol(currency)}1
      </span>,
    ],
    ['Expected value', <span className="money">{formatNaira(trade.expected_value)}</span>],
    [
      'Final value',
      trade.final_value === null ? (
        <span className="font-normal text-slate">
          {trade.status === 'awaiting_second_approval'
            ? 'Credited when a second operator confirms'
            : trade.status === 'counter_offered'
              ? 'Credited if the seller accepts the offer'
              : ['pending', 'info_requested'].includes(trade.status)
                ? 'Set when approved'
                : 'Nothing credited'}
        </span>
      ) : (
        <span className="money">{formatNaira(trade.final_value)}</span>
      ),
    ],
    ...(trade.total_credited !== null && trade.total_credited !== trade.final_value
      ? ([
          ['Credited in all', <span className="money">{formatNaira(trade.total_credited)}</span>],
        ] satisfies RecordFact[])
      : []),
    [
      'Submitted',
      <>
        <time dateTime={trade.created_at}>{formatLagosDateTime(trade.created_at)}</time>
        <span className="font-normal text-slate"> · {formatAge(trade.created_at, now)}</span>
        {isLate(trade, now) && (
          <span className="block text-rejected">
            Late: past the {String(targetMinutes(trade))}-minute review target
          </span>
        )}
      </>,
    ],
    ['Sent from', DEVICE_WORDS[trade.device]],
  ];
  return <RecordFacts facts={facts} />;
}
