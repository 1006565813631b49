import { IF_NO_ANSWER_WORDS } from '../../../lib/if-no-answer';
import type { Trade } from '@karta/shared/schemas/trades';
import type { ReactNode } from 'react';
import type { RecordFact } from '../../../components/history/record-facts';
import { currencySymbol, formatCardAmount, formatNaira } from '../../../lib/format-money';

function finalValue(trade: Trade): ReactNode {
  if (trade.final_value !== null)
    return <span className="money">{formatNaira(trade.final_value)}</span>;
  const isOpen = ['pending', 'info_requested', 'awaiting_second_approval'].includes(trade.status);
  if (isOpen) return 'Set when the trade is approved';
  if (trade.status === 'counter_offered') return 'Set when you accept our offer';
  return 'Nothing was credited';
}

/** The numbers of a trade, each with its name: card, category, amount, rate and values. */
export function getTradeFacts(trade: Trade): RecordFact[] {
  const { currency } = trade.subcategory;
  return [
    ['Reference', trade.reference],
    ['Gift card', trade.gift_card.name],
    ['Category', trade.subcategory.name],
    ['Card amount', <span className="money">{formatCardAmount(trade.amount, currency)}</span>],
    [
      'Rate',
      <span className="money">
        {formatNaira(trade.rate)} per {currencySymbol(currency)}1
      </span>,
    ],
    ['Expected value', <span className="money">{formatNaira(trade.expected_value)}</span>],
    ['Final value', finalValue(trade)],
    ['If we offer less', IF_NO_ANSWER_WORDS[trade.if_no_answer]],
    ['Comment', trade.comment ?? 'No comment'],
  ];
}
