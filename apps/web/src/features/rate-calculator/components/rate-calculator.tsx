import { useEffect, useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { GiftCardSelect } from '../../../components/catalog/gift-card-select';
import { SubcategorySelect } from '../../../components/catalog/subcategory-select';
import { TextInput } from '../../../components/ui/text-input';
import { cardAmountOf, CARD_AMOUNT_REFUSED, nextCardAmountText } from '../../../lib/card-amount';
import type { Subcategory } from '../../../lib/catalog-api';
import { currencySymbol, formatCardAmount, formatNaira } from '../../../lib/format-money';
import { setTradeGiftCard, setTradeSubcategory } from '../../../lib/trade-slice';
import {
  chooseCard,
  chooseSubcategory,
  resetCalculation,
  setAmount,
  selectRateCalculator,
} from '../rate-calculator-slice';
import { RateAlertSection } from './rate-alert-form';
import { RateHistory } from './rate-history';

type Menu = 'card' | 'subcategory' | null;

/** docs/product.md §2: "shows 0.00 when empty". */
const EMPTY_MONEY = '0.00';

function amountError(amount: number | null, subcategory: Subcategory | null): string | undefined {
  if (amount === null || !subcategory) return undefined;
  const { min_amount: min, max_amount: max, currency } = subcategory;
  if (amount >= min && amount <= max) return undefined;
  return `Enter an amount between ${formatCardAmount(min, currency)} and ${formatCardAmount(max, currency)}`;
}

/**
 * The rate calculator of /rate-calculator and /dashboard/rate-calculator (docs/product.md §2): a card, its
 * subcategory and an amount give the naira value at today's rate. It renders the same thing on
 * the server and in the browser until data arrives (the public page is pre-rendered).
 */
export function RateCalculator() {
  const dispatch = useAppDispatch();
  const { catId, rate, amount, value } = useAppSelector(selectRateCalculator);
  const chosenCardName = useAppSelector((state) => state.trade.giftCard?.name ?? '');
  const [openMenu, setOpenMenu] = useState<Menu>(null);
  const [subcategory, setSubcategory] = useState<Subcategory | null>(null);
  // The amount as typed ("50.", "50.50"): the slice holds its number (docs/product.md §3), the field the text.
  const [amountText, setAmountText] = useState('');
  const [isRefused, setIsRefused] = useState(false);
  const valueId = useId();
  const rateId = useId();

  useEffect(() => {
    dispatch(resetCalculation());
  }, [dispatch]);

  // One dropdown open at a time: opening one closes the other.
  const menuProps = (menu: Exclude<Menu, null>) => ({
    isOpen: openMenu === menu,
    onOpenChange: (isOpen: boolean) => {
      setOpenMenu(isOpen ? menu : null);
    },
  });
  const symbol = subcategory ? currencySymbol(subcategory.currency) : undefined;
  const hasValue = rate !== null && amount !== null;

  return (
    <div className="rounded-[12px] border border-line bg-white p-5 shadow-sm sm:p-8">
      <div className="grid gap-5 md:grid-cols-2">
        <GiftCardSelect
          {...menuProps('card')}
          initialText={chosenCardName}
          onChosen={(card) => {
            // docs/product.md §2: the card sets the category id and the trade's gift card.
            dispatch(chooseCard(card.id));
            dispatch(setTradeGiftCard({ id: card.id, name: card.name }));
            setSubcategory(null);
            setAmountText('');
          }}
        />
        <SubcategorySelect
          key={catId ?? ''}
          catId={catId}
          {...menuProps('subcategory')}
          onChosen={(chosen) => {
            dispatch(chooseSubcategory({ name: chosen.name, rate: chosen.rate }));
            dispatch(setTradeSubcategory({ id: chosen.id, name: chosen.name, rate: chosen.rate }));
            setSubcategory(chosen);
          }}
        />
        <TextInput
          label="Card amount"
          inputMode="decimal"
          autoComplete="off"
          prefix={symbol}
          placeholder={subcategory ? '0.00' : 'Choose a subcategory first'}
          disabled={!subcategory}
          value={amountText}
          onChange={(event) => {
            const next = nextCardAmountText(event.target.value);
            setIsRefused(next === null);
            if (next === null) return;
            setAmountText(next);
            dispatch(setAmount(cardAmountOf(next)));
          }}
          onBlur={() => {
            setIsRefused(false);
          }}
          error={isRefused ? CARD_AMOUNT_REFUSED : amountError(amount, subcategory)}
          hint={
            subcategory
              ? `From ${formatCardAmount(subcategory.min_amount, subcategory.currency)} to ${formatCardAmount(subcategory.max_amount, subcategory.currency)}; cents after a point, e.g. 50.50`
              : undefined
          }
        />
        {/* A figure, not a field: a read-only input looked editable. */}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={rateId} className="text-sm font-medium text-ink">
            {symbol ? `Rate (₦ per ${symbol}1)` : 'Rate (₦ per unit)'}
          </label>
          <output
            id={rateId}
            aria-live="polite"
            className="money flex min-h-11 items-center text-lg font-bold text-ink"
          >
            {rate === null ? EMPTY_MONEY : formatNaira(rate)}
          </output>
        </div>
      </div>
      <div className="mt-6 rounded-[12px] bg-mist p-5">
        <label htmlFor={valueId} className="text-sm font-medium text-slate">
          Value in NGN
        </label>
        <output
          id={valueId}
          aria-live="polite"
          className="money mt-1 block text-2xl font-extrabold text-brand-deep min-[400px]:text-3xl sm:text-4xl"
        >
          {hasValue ? formatNaira(value) : EMPTY_MONEY}
        </output>
      </div>
      {subcategory && <RateHistory subcategoryId={subcategory.id} />}
      {subcategory && <RateAlertSection cardName={chosenCardName} subcategory={subcategory} />}
    </div>
  );
}
