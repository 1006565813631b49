import { getLagosDate } from '@karta/shared/dates';
import { BOOKS_DEFAULT_DAYS, BOOKS_MAX_DAYS, daysBetween } from '@karta/shared/schemas/books';
import type { BooksRange } from './api';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A yyyy-MM-dd calendar day moved by whole days (UTC arithmetic: no time zone can shift it). */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The books open on the last 30 Lagos days, today included. */
export function defaultRange(now = new Date()): BooksRange {
  const to = getLagosDate(now);
  return { from: addDays(to, 1 - BOOKS_DEFAULT_DAYS), to };
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Why a range cannot be asked for, in the API's words; null when it can. */
export function rangeProblem({ from, to }: BooksRange): string | null {
  if (!DAY_PATTERN.test(from) || !DAY_PATTERN.test(to)) return 'Choose both days';
  if (from > to) return 'The first day must be on or before the last day';
  if (daysBetween(from, to) > BOOKS_MAX_DAYS) {
    return `Choose at most ${String(BOOKS_MAX_DAYS)} days`;
  }
  return null;
}

const DAY_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * "24 Nov 2026" (docs/brand.md): a calendar day as people read it; the day is already Lagos's, so
 * it is read in UTC. From parts, as format-date.ts does, because locales disagree on "Sept".
 */
export function formatDay(day: string): string {
  const parts = DAY_PARTS.formatToParts(new Date(`${day}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}
