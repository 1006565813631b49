import type { Books, BooksDay } from '@karta/shared/schemas/books';
import { csvNumber, toCsv, type CsvCell } from '@karta/shared/csv';

/** Money as naira with two decimals ("1180.50"): the JSON's naira, which are exact to the kobo. */
const naira = (value: number) => csvNumber(value.toFixed(2));

const COLUMNS: [string, (day: BooksDay) => CsvCell][] = [
  ['day', (d) => d.day],
  ['trades_submitted', (d) => csvNumber(d.trades_submitted)],
  ['trades_approved', (d) => csvNumber(d.trades_approved)],
  ['trades_rejected', (d) => csvNumber(d.trades_rejected)],
  ['credited_naira', (d) => naira(d.credited)],
  ['referral_rewards', (d) => csvNumber(d.referral_rewards)],
  ['referral_rewards_naira', (d) => naira(d.referral_rewards_amount)],
  ['withdrawals_requested', (d) => csvNumber(d.withdrawals_requested)],
  ['withdrawals_requested_naira', (d) => naira(d.withdrawals_requested_amount)],
  ['withdrawals_paid', (d) => csvNumber(d.withdrawals_paid)],
  ['withdrawals_paid_naira', (d) => naira(d.withdrawals_paid_amount)],
  ['withdrawals_failed', (d) => csvNumber(d.withdrawals_failed)],
  ['withdrawals_failed_naira', (d) => naira(d.withdrawals_failed_amount)],
  ['fees_earned_naira', (d) => naira(d.fees_earned)],
  ['float_end_of_day_naira', (d) => naira(d.float_end_of_day)],
];

/**
 * The books as CSV: a header, then one row per day. Face value gets a column per card currency
 * seen in the range (`face_value_approved_USD`), in that currency with cents (150.5). Counts and
 * money are number cells, so a negative amount stays a number a spreadsheet sums.
 */
export function booksCsv(books: Books): string {
  const currencies = [
    ...new Set(books.days.flatMap((day) => day.face_value_approved.map((f) => f.currency))),
  ].sort();
  const faceOf = (day: BooksDay, currency: string) =>
    csvNumber(day.face_value_approved.find((f) => f.currency === currency)?.amount ?? 0);
  const header = [
    ...COLUMNS.slice(0, 4).map(([name]) => name),
    ...currencies.map((currency) => `face_value_approved_${currency}`),
    ...COLUMNS.slice(4).map(([name]) => name),
  ];
  const rows = books.days.map((day) => [
    ...COLUMNS.slice(0, 4).map(([, cell]) => cell(day)),
    ...currencies.map((currency) => faceOf(day, currency)),
    ...COLUMNS.slice(4).map(([, cell]) => cell(day)),
  ]);
  return toCsv([header, ...rows]);
}

/** `karta-books-<from>-<to>.csv`, as the download is saved. */
export const booksFileName = (books: Pick<Books, 'from' | 'to'>) =>
  `karta-books-${books.from}-${books.to}.csv`;
