/**
 * A card's face value as people read it, everywhere: "$100", "$100.50", "£25" (the currency's
 * code when it has no symbol). One place for the web app's rows and forms and the API's notices
 * and mails, so one amount never reads as "$100.50" on a page and "(100.5 USD)" in the bell.
 * Whole amounts without decimals; any cents always as two digits. No imports: the
 * web app's first pages load it.
 */
export function formatCardAmount(amount: number, currency: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    const [whole = '0', cents] = amount.toFixed(digits).split('.');
    return `${currency} ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${cents ? `.${cents}` : ''}`;
  }
}
