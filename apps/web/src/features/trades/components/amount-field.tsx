import type { Ref } from 'react';
import { TextInput } from '../../../components/ui/text-input';
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

/** The card amount in whole units, with today's rate and the naira it is worth, live. */
export function AmountField({
  value,
  onChange,
  onBlur,
  subcategory,
  error,
  ref,
}: AmountFieldProps) {
  const symbol = subcategory ? currencySymbol(subcategory.currency) : undefined;
  return (
    <div className="flex flex-col gap-3">
      <TextInput
        ref={ref}
        label="Card amount"
        inputMode="numeric"
        autoComplete="off"
        prefix={symbol}
        placeholder={subcategory ? '0' : 'Choose a subcategory first'}
        disabled={!subcategory}
        value={value}
        onChange={(event) => {
          const next = event.target.value.replace(/\D/g, '').slice(0, 9);
          onChange(next);
        }}
        onBlur={onBlur}
        error={error}
        hint={
          subcategory
            ? `From ${formatCardAmount(subcategory.min_amount, subcategory.currency)} to ${formatCardAmount(subcategory.max_amount, subcategory.currency)}, in whole units`
            : undefined
        }
      />
      {subcategory && (
        <dl className="grid grid-cols-2 gap-3 rounded-[12px] bg-mist p-4">
          <div>
            <dt className="text-sm text-slate">Rate</dt>
            <dd className="money font-semibold text-ink">
              {formatNaira(subcategory.rate)} per {symbol}1
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
