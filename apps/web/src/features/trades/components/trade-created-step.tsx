import type { Trade } from '@karta/shared/schemas/trades';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
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
    <section
      aria-labelledby="trade-created-title"
      className="flex flex-col items-center gap-4 text-center"
    >
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-approved-bg text-2xl font-bold text-approved"
      >
        ✓
      </span>
      <h2
        id="trade-created-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-ink outline-none"
      >
        Trade created
      </h2>
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
      <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link
          to={paths.dashboard.tradeTransaction.getHref(trade.id)}
          className="inline-flex min-h-11 items-center justify-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
        >
          View trade
        </Link>
        <Link
          to={paths.dashboard.trades.getHref()}
          className="inline-flex min-h-11 items-center justify-center rounded-[12px] border border-brand px-5 font-semibold text-brand hover:bg-brand/5"
        >
          Go to trade history
        </Link>
        <Button variant="ghost" onClick={onTradeAgain}>
          Trade another card
        </Button>
      </div>
    </section>
  );
}
