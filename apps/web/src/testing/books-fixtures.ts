import type { Books, BooksDay } from '@karta/shared/schemas/books';
import { http, HttpResponse } from 'msw';
import { api, failure, server, success } from './server';

/** A quiet Lagos day: all zeros, with the float sellers held. Override what a test is about. */
function makeBooksDay(day: string, overrides: Partial<BooksDay> = {}): BooksDay {
  return {
    day,
    trades_submitted: 0,
    trades_approved: 0,
    trades_rejected: 0,
    face_value_approved: [],
    credited: 0,
    referral_rewards: 0,
    referral_rewards_amount: 0,
    withdrawals_requested: 0,
    withdrawals_requested_amount: 0,
    withdrawals_paid: 0,
    withdrawals_paid_amount: 0,
    withdrawals_failed: 0,
    withdrawals_failed_amount: 0,
    fees_earned: 0,
    float_end_of_day: 250_000,
    ...overrides,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysOf = (from: string, to: string) => {
  const days: string[] = [];
  for (
    let at = Date.parse(`${from}T00:00:00Z`);
    at <= Date.parse(`${to}T00:00:00Z`);
    at += DAY_MS
  ) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
};

/**
 * The books API: a JSON GET answers every day of the range asked, quiet except for `busy`
 * days (an Error answers 500 once); a CSV GET answers a small CSV of the range. Requests are
 * kept for the test to look at.
 */
export function serveBooks(busy: Record<string, Partial<BooksDay>> = {}, fails = 0) {
  const requests: URL[] = [];
  let failures = fails;
  server.use(
    http.get(api('/admin/reports/daily'), ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (failures > 0) {
        failures -= 1;
        return failure(500, 'Something went wrong on our side. Please try again in a moment.');
      }
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      if (url.searchParams.get('format') === 'csv') {
        return new HttpResponse(`day,credited_naira\r\n${from},1.00\r\n`, {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      }
      const books: Books = {
        from,
        to,
        days: daysOf(from, to).map((day) => makeBooksDay(day, busy[day])),
      };
      return success(books, 'Books');
    }),
  );
  return { requests };
}
