import { RATE_FOUR_EYES_PERCENT } from './constants';

/**
 * A rate's move from the rate in force, and whether it waits for a second person (decision
 * 049): the API's rule and the console's review read the same two functions, so the page marks
 * exactly the rows the server will hold back.
 */

const absolute = (value: bigint) => (value < 0n ? -value : value);

/**
 * Whether a move exceeds `percent` either way, judged on exact kobo with integers:
 * |to − from| × 100 > percent × from. Exactly `percent` does not.
 */
export const movesMoreThan = (fromKobo: bigint, toKobo: bigint, percent: number) =>
  absolute(toKobo - fromKobo) * 100n > BigInt(percent) * fromKobo;

/** More than RATE_FOUR_EYES_PERCENT from the rate in force: a second person confirms it. */
export const needsSecondRateApproval = (fromKobo: bigint, toKobo: bigint) =>
  movesMoreThan(fromKobo, toKobo, RATE_FOUR_EYES_PERCENT);

/**
 * (to − from) / from × 100, to one decimal: hundredths of a percent in integers first, then
 * rounded once to the tenth, half away from zero so a fall reads as large as the same rise.
 */
export function rateMovePercent(fromKobo: bigint, toKobo: bigint): number {
  const move = toKobo - fromKobo;
  const tenths = Math.round(Number((absolute(move) * 10_000n) / fromKobo) / 10) / 10;
  return move < 0n ? -tenths : tenths;
}

/** "+21.0 %", "-21.0 %", "0.0 %": a move as the console and the API's words show it. */
export const signedPercent = (percent: number) =>
  `${percent > 0 ? '+' : ''}${percent.toFixed(1)} %`;
