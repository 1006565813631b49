import { getLagosDate } from '@karta/shared/dates';
import { startOfLagosDay } from '../../lib/lagos-time';
import { koboToNaira } from '@karta/shared/money';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RateChange {
  rateKobo: bigint;
  changedAt: Date;
}

/** The Lagos calendar days of the window, oldest first, ending today. */
export function listLagosDays(now: Date, days: number): string[] {
  const today = Date.parse(`${getLagosDate(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

export { startOfLagosDay };

/** The instant each day of the window ends: worked out once, for all of a page's rows. */
export const listDayEnds = (days: string[]) =>
  days.map((date) => startOfLagosDay(date).getTime() + DAY_MS);

/**
 * The rate in force at the end of each day, undefined for days before the first rate. `changes`
 * is oldest first (`at` in ms) and starts with the rate in force when the window opened.
 */
export function listClosingRates<Rate>(changes: { at: number; rate: Rate }[], dayEnds: number[]) {
  let next = 0;
  let current: Rate | undefined;
  return dayEnds.map((dayEnd) => {
    let change = changes[next];
    while (change && change.at < dayEnd) {
      current = change.rate;
      next += 1;
      change = changes[next];
    }
    return current;
  });
}

/** One point per day: the rate in force at the end of that day; days before the first rate have none. */
export function buildRatePoints(changes: RateChange[], days: string[]) {
  const closing = listClosingRates(
    changes.map((change) => ({ at: change.changedAt.getTime(), rate: change.rateKobo })),
    listDayEnds(days),
  );
  return days.flatMap((date, i) => {
    const kobo = closing[i];
    return kobo === undefined ? [] : [{ date, rate: koboToNaira(kobo) }];
  });
}

/** (last − first) / first × 100 to 1 decimal; 0 with fewer than 2 points. */
export function getChangePercent(points: { rate: number }[]): number {
  const first = points[0]?.rate;
  const last = points[points.length - 1]?.rate;
  if (points.length < 2 || first === undefined || last === undefined || first === 0) return 0;
  const rounded = Math.round(((last - first) / first) * 1000) / 10;
  // Math.round can give -0, which would print as 0 anyway but compares oddly in tests.
  return rounded === 0 ? 0 : rounded;
}
