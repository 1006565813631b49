import { useState, type Ref } from 'react';
import { TextInput } from '../../../components/ui/text-input';
import { CARD_AMOUNT_REFUSED, nextCardAmountText } from '../../../lib/card-amount';
import type { Subcategory } from '../../../lib/catalog-api';
import { currencySymbol, formatCardAmount, formatNaira } from '../../../lib/format-money';
import { expectedValueText } from '../trade-value';

interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  subcategory: Subcategory | null;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The card amount, with cents if the card has them (50.50), kept exactly as typed; a keystroke
 * that would make it something else is refused and the field says why. Today's rate and the
 * naira it is worth show live.
 */
export function AmountField({
  value,
  onChange,
  onBlur,
  subcategory,
  error,
  ref,
}: AmountFieldProps) {
  const symbol = subcategory ? currencySymbol(subcategory.currency) : undefined;
  const [isRefused, setIsRefused] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <TextInput
        ref={ref}
        label="Card amount"
        inputMode="decimal"
        autoComplete="off"
        prefix={symbol}
        placeholder={subcategory ? '0.00' : 'Choose a subcategory first'}
        disabled={!subcategory}
        value={value}
        onChange={(event) => {
          const next = nextCardAmountText(event.target.value);
          setIsRefused(next === null);
          if (next !== null) onChange(next);
        }}
        onBlur={() => {
          setIsRefused(false);
          onBlur();
        }}
        error={isRefused ? CARD_AMOUNT_REFUSED : error}
        hint={
          subcategory
            ? `From ${formatCardAmount(subcategory.min_amount, subcategory.currency)} to ${formatCardAmount(subcategory.max_amount, subcategory.currency)}; cents after a point, e.g. 50.50`
            : undefined
        }
      />
      {subcategory && (
        <dl className="grid grid-cols-2 gap-3 rounded-[12px] bg-mist p-4">
          <div>
            <dt className="text-sm text-slate">Rate</dt>
            <dd className="font-semibold text-ink">
              <span className="money">{formatNaira(subcategory.rate)}</span> per {symbol}1
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate">You get</dt>
            <dd aria-live="polite" className="money text-xl font-extrabold text-brand-deep">
              {expectedValueText(subcategory.rate, value)}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
