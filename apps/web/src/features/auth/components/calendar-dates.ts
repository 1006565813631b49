import { MONTH_NAMES } from '@karta/shared/dates';
/**
 * Calendar arithmetic on yyyy-MM-dd strings, in UTC so the device's time zone can never shift a
 * birth date by a day. Such strings also compare correctly as plain text.
 */
export interface DateParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

export const toIsoDate = ({ year, month, day }: DateParts) =>
  `${String(year)}-${pad(month)}-${pad(day)}`;

export function parseIsoDate(text: string): DateParts {
  const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
  return { year, month, day };
}

export const getDaysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** 0 for Sunday, as the grid's columns run. */
export const getWeekday = (parts: DateParts) =>
  new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();

function addDays(text: string, days: number): string {
  const { year, month, day } = parseIsoDate(text);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The same day in another month, or that month's last day when it is shorter. */
export function moveToMonth(text: string, year: number, month: number): string {
  const { day } = parseIsoDate(text);
  return toIsoDate({ year, month, day: Math.min(day, getDaysInMonth(year, month)) });
}

function addMonths(text: string, months: number): string {
  const { year, month } = parseIsoDate(text);
  const index = year * 12 + (month - 1) + months;
  return moveToMonth(text, Math.floor(index / 12), (index % 12) + 1);
}

export const clampDate = (text: string, min: string, max: string) =>
  text < min ? min : text > max ? max : text;

/** "20 May 1996", for screen readers on each day of the grid. */
export const describeDate = ({ year, month, day }: DateParts) =>
  `${String(day)} ${MONTH_NAMES[month - 1] ?? ''} ${String(year)}`;

/** Keys that move the focused day, as in the WAI-ARIA date picker dialog pattern. */
export const KEY_MOVES: Record<string, (date: string) => string> = {
  ArrowLeft: (date) => addDays(date, -1),
  ArrowRight: (date) => addDays(date, 1),
  ArrowUp: (date) => addDays(date, -7),
  ArrowDown: (date) => addDays(date, 7),
  PageUp: (date) => addMonths(date, -1),
  PageDown: (date) => addMonths(date, 1),
  Home: (date) => addDays(date, -getWeekday(parseIsoDate(date))),
  End: (date) => addDays(date, 6 - getWeekday(parseIsoDate(date))),
};
