import type { Trade } from '@karta/shared/schemas/trades';
import type { Ref } from 'react';
import { RecordDoneStep } from '../../../components/history/record-done-step';
import { paths } from '../../../config/paths';
import { currencySymbol, formatCardAmount, formatNaira } from '../../../lib/format-money';

interface TradeCreatedStepProps {
  trade: Trade;
  onTradeAgain: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Step 3: the trade exists; its reference, what happens next, and where to follow it. */
export function TradeCreatedStep({ trade, onTradeAgain, headingRef }: TradeCreatedStepProps) {
  const { currency } = trade.subcategory;
  return (
    <RecordDoneStep
      title="Trade created"
      headingRef={headingRef}
      view={{ to: paths.dashboard.tradeTransaction.getHref(trade.id), label: 'View trade' }}
      history={{ to: paths.dashboard.trades.getHref(), label: 'Go to trade history' }}
      again={{ label: 'Trade another card', onClick: onTradeAgain }}
    >
      <p className="text-slate">Your reference</p>
      <p className="text-2xl font-extrabold tracking-wider text-brand-deep">{trade.reference}</p>
      <p className="max-w-md text-slate">
        {trade.gift_card.name} {formatCardAmount(trade.amount, currency)} at{' '}
        <span className="money">{formatNaira(trade.rate)}</span> per {currencySymbol(currency)}1:
        expected{' '}
        <span className="money font-semibold text-ink">{formatNaira(trade.expected_value)}</span>.
        We are reviewing the card now; its status and final value appear in your trade history, and
        an approved trade is credited to your wallet.
      </p>
    </RecordDoneStep>
  );
}
