/**
 * Naira and kobo without floating point (docs/ARCHITECTURE.md#api-conventions): amounts are bigint kobo, and the only
 * conversions go through decimal text, so 1180.55 is 118055 kobo exactly, never 118054.99….
 * No zod here: the web's rate calculator reads amounts with this module, and a public page must
 * not download the validation library for a regular expression (decision 076).
 */

/**
 * Naira as decimal text: whole naira and at most two decimals. The server turns exactly this
 * text into kobo (parseNairaToKobo), so whatever a schema accepts (schemas/common.ts), it can convert.
 */
export const NAIRA_TEXT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * "1180.5" → 118050n. Reads the same NAIRA_TEXT the request schemas check (hasAtMostTwoDecimals),
 * so an amount that passed validation always converts; anything else is a bug and throws.
 */
export function parseNairaToKobo(naira: string | number): bigint {
  const match = NAIRA_TEXT.exec(String(naira).trim());
  if (!match) throw new RangeError(`not a naira amount: ${String(naira)}`);
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** 118050n → "1180.50". */
export function formatKoboAsNaira(kobo: bigint): string {
  const sign = kobo < 0n ? '-' : '';
  const magnitude = kobo < 0n ? -kobo : kobo;
  return `${sign}${String(magnitude / 100n)}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/**
 * 118050n → 1180.5, the JSON number the API shows. Parsed from the exact decimal text, so the
 * number is the closest double to it and prints back with at most 2 decimals.
 */
export function koboToNaira(kobo: bigint): number {
  return Number(formatKoboAsNaira(kobo));
}

/** 29500000n → "₦295,000.00": for mails and statements people read, still without floats. */
export function formatKoboForPeople(kobo: bigint): string {
  const [whole = '0', fraction = '00'] = formatKoboAsNaira(kobo < 0n ? -kobo : kobo).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${kobo < 0n ? '-' : ''}₦${grouped}.${fraction}`;
}

/**
 * A card's face value ("50.5", 50.5) in cents, hundredths of its currency: 5050n. Card amounts
 * carry at most two decimals (Vanilla and Visa cards carry cents), the same rule as naira.
 */
export const cardAmountToCents = (amount: string | number): bigint => parseNairaToKobo(amount);

/**
 * What a card is worth at a rate: rate (kobo per unit) × amount (cents) / 100, in integers. A
 * fraction of a kobo (only when both carry odd decimals) rounds to the nearest kobo, and an exact
 * half kobo goes up, to the seller (decision 043). The trade records this and the calculators
 * show it, so the two never differ.
 */
export function cardValueKobo(rateKobo: bigint, amount: string | number): bigint {
  return (rateKobo * cardAmountToCents(amount) + 50n) / 100n;
}

/** A card amount as people read it: 100 → "100", 50.5 → "50.50" (cents always in pairs). */
export function cardAmountText(amount: number): string {
  const cents = cardAmountToCents(amount);
  const whole = String(cents / 100n);
  return cents % 100n === 0n ? whole : `${whole}.${String(cents % 100n).padStart(2, '0')}`;
}
