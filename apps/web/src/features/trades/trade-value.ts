import { formatKobo, toKobo } from '../../lib/format-money';

/**
 * The naira a card amount is worth at a rate, in whole kobo first (as the rate calculator
 * does), so a rate such as 1180.1 never shows float noise. "₦0.00" until there is an amount.
 */
export function expectedValueText(rate: number, amount: string): string {
  const units = /^\d+$/.test(amount) ? Number(amount) : 0;
  return formatKobo(toKobo(rate) * units);
}
