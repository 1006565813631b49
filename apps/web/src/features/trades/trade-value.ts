import { cardAmountOf, cardValueKoboOf } from '../../lib/card-amount';
import { formatKobo } from '../../lib/format-money';

/**
 * The naira a card amount ("50.50") is worth at a rate, by the API's integer rule (rate in
 * kobo × cents / 100, to the nearest kobo), so what is shown is what the trade records.
 * "₦0.00" until there is an amount.
 */
export function expectedValueText(rate: number, amount: string): string {
  return formatKobo(cardValueKoboOf(rate, cardAmountOf(amount)));
}
