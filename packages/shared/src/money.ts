import { NAIRA_TEXT } from './schemas/common';

/**
 * Naira and kobo without floating point (DESIGN §2): amounts are bigint kobo, and the only
 * conversions go through decimal text, so 1180.55 is 118055 kobo exactly, never 118054.99….
 */

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
