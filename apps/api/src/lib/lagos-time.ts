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

/** The instant a Lagos calendar month (yyyy-MM) begins. */
export const startOfLagosMonth = (month: string) => startOfLagosDay(`${month}-01`);

/** The clock on a Lagos wall, as UTC fields: Lagos is UTC+1 all year. */
const lagosWall = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS);

/** "2026-11-21 14:02:05" in Lagos: sortable, and read as a date by spreadsheets. */
export const formatLagosStamp = (at: Date) =>
  lagosWall(at).toISOString().slice(0, 19).replace('T', ' ');

const SHORT_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** "21 Nov 2026, 14:02" in Lagos, as people read dates (docs/brand.md). */
export function formatLagosDateTime(at: Date): string {
  const wall = lagosWall(at);
  const time = wall.toISOString().slice(11, 16);
  return `${String(wall.getUTCDate())} ${SHORT_MONTHS[wall.getUTCMonth()] ?? ''} ${String(wall.getUTCFullYear())}, ${time}`;
}
