import { getLagosDate } from '@karta/shared/dates';
import { koboToNaira } from '@karta/shared/money';
import {
  BOOKS_DEFAULT_DAYS,
  type Books,
  type BooksDay,
  type BooksQuery,
} from '@karta/shared/schemas/books';
import type { AppContext } from '../../app-context';
import { readStaleTolerant } from '../../db/read-replica';
import * as books from './books.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Lagos days asked for; left out, the last 30 days up to today (or up to `to`). */
function booksRange(query: Pick<BooksQuery, 'from' | 'to'>, now: Date) {
  const to =
    query.to ?? (query.from ? addDays(query.from, BOOKS_DEFAULT_DAYS - 1) : getLagosDate(now));
  const from = query.from ?? addDays(to, 1 - BOOKS_DEFAULT_DAYS);
  return { from, to };
}

const NONE = { n: 0, kobo: 0n };
const isSellerAccount = (metric: string) =>
  metric.startsWith('ledger.') &&
  (metric.endsWith('.user_wallet') || metric.endsWith('.user_withdrawal_hold'));

/**
 * One day's figures from its running totals (decision 026). The money comes from the ledger's
 * own totals (`ledger.<transaction kind>.<account kind>`), so it is what the postings say.
 */
function dayOf(
  day: string,
  totals: Map<string, { n: number; kobo: bigint }>,
  floatKobo: bigint,
): BooksDay {
  const total = (metric: string) => totals.get(metric) ?? NONE;
  const [released, returned] = [
    total('ledger.withdrawal_release.user_wallet'),
    total('ledger.withdrawal_reversal.user_wallet'),
  ];
  const fees = [...totals].filter(
    ([metric]) => metric.startsWith('ledger.') && metric.endsWith('.payout_fees'),
  );
  return {
    day,
    trades_submitted: total('books.submitted').n,
    trades_approved: total('trades.approved').n,
    trades_rejected: total('trades.rejected').n,
    face_value_approved: [...totals]
      .filter(([metric]) => metric.startsWith('books.face.'))
      .map(([metric, { kobo }]) => ({
        currency: metric.slice('books.face.'.length),
        // Kept in cents of the card currency (migration 0028), so $50.50 adds up exactly.
        amount: koboToNaira(kobo),
      }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    credited: koboToNaira(total('ledger.trade_credit.user_wallet').kobo),
    referral_rewards: total('ledger.referral_reward.user_wallet').n,
    referral_rewards_amount: koboToNaira(total('ledger.referral_reward.user_wallet').kobo),
    withdrawals_requested: total('ledger.withdrawal_hold.user_withdrawal_hold').n,
    withdrawals_requested_amount: koboToNaira(
      total('ledger.withdrawal_hold.user_withdrawal_hold').kobo,
    ),
    withdrawals_paid: total('ledger.withdrawal_fee.payouts_in_flight').n,
    withdrawals_paid_amount: koboToNaira(total('ledger.withdrawal_fee.payouts_in_flight').kobo),
    withdrawals_failed: released.n + returned.n,
    withdrawals_failed_amount: koboToNaira(released.kobo + returned.kobo),
    fees_earned: koboToNaira(fees.reduce((sum, [, { kobo }]) => sum + kobo, 0n)),
    float_end_of_day: koboToNaira(floatKobo),
  };
}

/**
 * The books from `from` to `to` (decision 026): one entry per Lagos day, quiet days as zeros, the
 * float carried from the day before. Reads the running totals only: a 90-day report is a few
 * thousand rows whatever the number of trades. A report of past days may be a moment stale: it
 * is read from the read replica when there is a fresh one (decision 068).
 */
export async function getBooks(
  ctx: Pick<AppContext, 'db' | 'clock'> & Partial<Pick<AppContext, 'staleReads'>>,
  query: Pick<BooksQuery, 'from' | 'to'>,
): Promise<Books> {
  const { from, to } = booksRange(query, ctx.clock.now());
  const [rows, floatBefore] = await readStaleTolerant(ctx, (db) =>
    Promise.all([books.readDays(db, from, to), books.readFloatBefore(db, from)]),
  );
  const byDay = new Map<string, Map<string, { n: number; kobo: bigint }>>();
  for (const row of rows) {
    const totals = byDay.get(row.day) ?? new Map<string, { n: number; kobo: bigint }>();
    totals.set(row.metric, { n: row.n, kobo: row.kobo });
    byDay.set(row.day, totals);
  }
  const days: BooksDay[] = [];
  let floatKobo = floatBefore;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const totals = byDay.get(day) ?? new Map<string, { n: number; kobo: bigint }>();
    for (const [metric, { kobo }] of totals) if (isSellerAccount(metric)) floatKobo += kobo;
    days.push(dayOf(day, totals, floatKobo));
  }
  return { from, to, days };
}
