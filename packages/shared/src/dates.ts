import { MIN_AGE_YEARS } from './constants';

/**
 * Where "now" comes from: the API passes its own clock (apps/api/src/lib/clock.ts), so tests can
 * set the date; the browser passes the real one. Age rules take it rather than reading the wall
 * clock, so a test of "18 today" says which today.
 */
export interface Clock {
  now(): Date;
}

/** Nigeria has one time zone (WAT, UTC+1, no daylight saving): "today" is Lagos's today. */
const TIME_ZONE = 'Africa/Lagos';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const LAGOS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date in Lagos as yyyy-MM-dd (one formatter: making one costs ~0.25 ms). */
export function getLagosDate(now: Date = new Date()): string {
  return LAGOS_DATE.format(now);
}

const LAGOS_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The time of day in Lagos as HH:mm ("10:42"), for "until 10:42" in the console. */
export function getLagosClockTime(date: Date): string {
  return LAGOS_CLOCK.format(date);
}

const LAGOS_DATE_TIME_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "21 Nov 2026, 14:02" in Lagos time (docs/brand.md), whatever the device's own time zone; for the
 * web app and for mails alike. Built from parts because locales disagree on the order and on
 * "Sep" or "Sept".
 */
export function formatLagosDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    LAGOS_DATE_TIME_PARTS.formatToParts(date).find((item) => item.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/** True when the text is a real calendar date in yyyy-MM-dd (2023-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * The latest birth date allowed: exactly 18 years before today. On a 29 February, "18 years
 * ago" is 28 February of a year without one; so someone born on 29 February comes of age on
 * 1 March in common years (on 28 February they are still a day short).
 */
export function getLatestAdultBirthDate(now: Date): string {
  const [year, month, day] = getLagosDate(now).split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year - MIN_AGE_YEARS, month - 1, day));
  if (target.getUTCMonth() !== month - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

export function isAdult(dateOfBirth: string, now: Date): boolean {
  return dateOfBirth <= getLatestAdultBirthDate(now);
}

const ISO_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True when the text is a calendar month as yyyy-MM ("2026-11"; "2026-13" and "2026-1" are not). */
export const isCalendarMonth = (text: string): boolean => ISO_MONTH.test(text);

/** This month in Lagos as yyyy-MM. */
export const getLagosMonth = (now: Date = new Date()): string => getLagosDate(now).slice(0, 7);

/** The month `count` months after a yyyy-MM month (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + count, 1));
  return date.toISOString().slice(0, 7);
}

/** The English month names, January first, the same in every locale. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "2026-11" → "November 2026", the same in every locale. */
export function formatMonthName(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[monthNumber - 1] ?? ''} ${String(year)}`;
}
