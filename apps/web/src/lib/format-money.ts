/** Naira amounts are shown as ₦ with thousands separators and 2 decimals (docs/brand.md). */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Naira (possibly fractional) to whole kobo, so money sums never carry float error. */
export const toKobo = (naira: number): number => Math.round(naira * 100);

/**
 * Whole kobo as "₦1,180,000.00". Integer arithmetic only: 0.1 + 0.2 style errors cannot
 * reach the screen.
 */
export function formatKobo(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(kobo));
  const naira = Math.floor(absolute / 100).toString();
  const rest = (absolute % 100).toString().padStart(2, '0');
  return `${sign}₦${groupThousands(naira)}.${rest}`;
}

/** A naira amount as "₦1,180.50". */
export const formatNaira = (naira: number): string => formatKobo(toKobo(naira));

/** An amount in a card's currency ("$100", "$50.50"): the one formatter the API's words use too. */
export { formatCardAmount } from '@karta/shared/card-money';

/** The symbol of a card currency ("$" for USD), for the amount input's prefix. */
export function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
