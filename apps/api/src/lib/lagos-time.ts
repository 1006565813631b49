const DAY_MS = 24 * 60 * 60 * 1000;
/** Lagos is UTC+1 all year (no daylight saving), so a Lagos day starts at 23:00 UTC the day before. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The instant a Lagos day (yyyy-MM-dd) begins. */
export const startOfLagosDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - LAGOS_OFFSET_MS);

/** The instant after a Lagos day ends: the exclusive upper bound of "on that day". */
const endOfLagosDay = (date: string) => new Date(startOfLagosDay(date).getTime() + DAY_MS);

/** A `date_query` range of Lagos days as instants: from the first day's start to after the last. */
export const lagosDayRange = (range: { from: string; to: string } | undefined) =>
  range ? { from: startOfLagosDay(range.from), to: endOfLagosDay(range.to) } : {};
