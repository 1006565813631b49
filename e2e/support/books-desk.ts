/** The books (`/console/reports`) and the CSV files they download. */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lagos is UTC+1 all year. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** Today in Lagos, as the server's books name it. */
export const lagosToday = () => new Date(Date.now() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
export const lagosYesterday = () =>
  new Date(Date.now() + LAGOS_OFFSET_MS - DAY_MS).toISOString().slice(0, 10);

/**
 * The CSV's columns as the API writes them (apps/api books-csv.ts), written out again here so
 * a renamed or lost column fails; a face-value column per card currency seen comes after the
 * fourth.
 */
const BOOKS_COLUMNS = [
  'day',
  'trades_submitted',
  'trades_approved',
  'trades_rejected',
  'credited_naira',
  'referral_rewards',
  'referral_rewards_naira',
  'withdrawals_requested',
  'withdrawals_requested_naira',
  'withdrawals_paid',
  'withdrawals_paid_naira',
  'withdrawals_failed',
  'withdrawals_failed_naira',
  'fees_earned_naira',
  'float_end_of_day_naira',
];
const FACE_VALUE_COLUMN = /^face_value_approved_[A-Z]{3}$/;

/** The "Download CSV for <day>" button of one row of the books table (today's is the first). */
export const dayCsvButton = (page: Page, row: number) =>
  page
    .getByRole('main')
    .getByRole('table')
    .getByRole('button', { name: /^Download CSV for / })
    .nth(row);

/** Presses a download button; the file's suggested name and its lines (CRLF, the last one ended). */
export async function downloadCsv(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = await readFile(await download.path(), 'utf8');
  return { fileName: download.suggestedFilename(), lines: text.trimEnd().split('\r\n') };
}

/**
 * Yesterday's row of the books (the second: today comes first) downloads as its own CSV: the
 * file is named for the day, its header holds the books' columns, and its one row parses, a
 * number in every column after the day.
 */
export async function downloadYesterdaysBooks(page: Page) {
  const yesterday = lagosYesterday();
  const { fileName, lines } = await downloadCsv(page, dayCsvButton(page, 1));
  expect(fileName).toBe(`karta-books-${yesterday}-${yesterday}.csv`);
  expect(lines).toHaveLength(2);
  const [header = [], row = []] = lines.map((line) => line.split(','));
  const faceValues = header.filter((column) => FACE_VALUE_COLUMN.test(column));
  expect(header).toEqual([...BOOKS_COLUMNS.slice(0, 4), ...faceValues, ...BOOKS_COLUMNS.slice(4)]);
  expect(row).toHaveLength(header.length);
  expect(row[0]).toBe(yesterday);
  header.slice(1).forEach((column, index) => {
    // Naira to the kobo ("1180.50"); counts and face values in whole units.
    expect(row[index + 1], column).toMatch(column.endsWith('_naira') ? /^\d+\.\d{2}$/ : /^\d+$/);
  });
}
