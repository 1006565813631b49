import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { koboToNaira } from '@karta/shared/money';
import type { Books, BooksDay } from '@karta/shared/schemas/books';
import { bodyOf, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import { approveAtValue, reject, submitTrade, tradableSubcategory } from '../../../test/trades';
import { bankId, handleWebhooks, runPayoutJob, sellerWithdrawing } from '../../../test/withdrawals';
import { startOfLagosDay } from '../../lib/lagos-time';

let t: TestApp;
let subcategoryId: string;
let gtbank: number;

beforeAll(async () => {
  t = await createTestApp();
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
  gtbank = await bankId(t.app, await signedInUser(t.app));
});
afterEach(() => expectLedgerConsistent(t.db));
afterAll(() => t.close());

const BOOKS = '/api/v1/admin/reports/daily';

const booksFor = (session: Session, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `${BOOKS}${query}`,
    headers: { authorization: session.token },
  });

async function booksOf(session: Session, from: string, to: string): Promise<Books> {
  const response = await booksFor(session, `?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<Books>(response).data;
}

describe('who may read the books', () => {
  it('lets only an admin in', async () => {
    expect((await booksFor(await signedInUser(t.app))).statusCode).toBe(403);
    expect((await booksFor(await signedInOperator(t.app, t.db))).statusCode).toBe(403);
    const admin = await signedInOperator(t.app, t.db, 'admin');
    const response = await booksFor(admin);
    expect(response.statusCode, response.body).toBe(200);
    // Left out, the range is the last 30 Lagos days up to today.
    const books = bodyOf<Books>(response).data;
    expect(books.days).toHaveLength(30);
    expect(books.days.at(-1)?.day).toBe(books.to);
  });
});

describe('bad input', () => {
  it('answers a clear error in the envelope, for the CSV too', async () => {
    const admin = await signedInOperator(t.app, t.db, 'admin');
    const cases: [string, string][] = [
      ['?from=2033-06-15&to=2033-06-14', 'The first day must be on or before the last day'],
      ['?from=2033-02-30&to=2033-03-01', 'Give the day as YYYY-MM-DD'],
      ['?from=2032-01-01&to=2033-06-15', 'Choose at most 366 days'],
      ['?format=xlsx', 'format must be json or csv'],
      ['?from=15/06/2033&format=csv', 'Give the day as YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      const response = await booksFor(admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(bodyOf(response).errors[0]?.message, query).toBe(message);
    }
  });
});

/** Each figure of one Lagos day computed straight from the ledger's postings and the trades. */
async function fromTheLedger(day: string) {
  const start = startOfLagosDay(day);
  const end = new Date(start.getTime() + 24 * 60 * 60 * 1000);
  const postings = await t.db.execute<{ tx: string; account: string; n: string; kobo: string }>(sql`
    select t.kind as tx, a.kind as account, count(*)::text as n, sum(p.amount)::text as kobo
      from ledger_postings p
      join ledger_transactions t on t.id = p.transaction_id
      join ledger_accounts a on a.id = p.account_id
     where p.created_at >= ${start} and p.created_at < ${end}
     group by 1, 2`);
  const sum = (tx: string | null, account: string) =>
    postings.rows
      .filter((row) => (tx === null || row.tx === tx) && row.account === account)
      .reduce(
        (total, row) => ({ n: total.n + Number(row.n), kobo: total.kobo + BigInt(row.kobo) }),
        {
          n: 0,
          kobo: 0n,
        },
      );
  const [float] = (
    await t.db.execute<{ kobo: string }>(sql`
      select coalesce(sum(p.amount), 0)::text as kobo
        from ledger_postings p join ledger_accounts a on a.id = p.account_id
       where a.kind in ('user_wallet', 'user_withdrawal_hold') and p.created_at < ${end}`)
  ).rows;
  const [trades] = (
    await t.db.execute<{ submitted: number; approved: number; rejected: number }>(sql`
      select count(*) filter (where created_at >= ${start} and created_at < ${end})::int as submitted,
             count(*) filter (where status = 'approved' and reviewed_at >= ${start} and reviewed_at < ${end})::int as approved,
             count(*) filter (where status = 'rejected' and reviewed_at >= ${start} and reviewed_at < ${end})::int as rejected
        from trades`)
  ).rows;
  const face = await t.db.execute<{ currency: string; amount: number }>(sql`
    select currency, sum(amount)::float8 as amount from trades
     where status = 'approved' and reviewed_at >= ${start} and reviewed_at < ${end}
     group by currency order by currency`);
  const [released, returned] = [
    sum('withdrawal_release', 'user_wallet'),
    sum('withdrawal_reversal', 'user_wallet'),
  ];
  const expected: BooksDay = {
    day,
    trades_submitted: trades?.submitted ?? 0,
    trades_approved: trades?.approved ?? 0,
    trades_rejected: trades?.rejected ?? 0,
    face_value_approved: face.rows,
    credited: koboToNaira(sum('trade_credit', 'user_wallet').kobo),
    referral_rewards: sum('referral_reward', 'user_wallet').n,
    referral_rewards_amount: koboToNaira(sum('referral_reward', 'user_wallet').kobo),
    withdrawals_requested: sum('withdrawal_hold', 'user_withdrawal_hold').n,
    withdrawals_requested_amount: koboToNaira(sum('withdrawal_hold', 'user_withdrawal_hold').kobo),
    withdrawals_paid: sum('withdrawal_fee', 'payouts_in_flight').n,
    withdrawals_paid_amount: koboToNaira(sum('withdrawal_fee', 'payouts_in_flight').kobo),
    withdrawals_failed: released.n + returned.n,
    withdrawals_failed_amount: koboToNaira(released.kobo + returned.kobo),
    fees_earned: koboToNaira(sum(null, 'payout_fees').kobo),
    float_end_of_day: koboToNaira(BigInt(float?.kobo ?? '0')),
  };
  return expected;
}

describe('a day of activity', () => {
  const DAY = '2033-06-15';

  it('agrees figure by figure with the ledger, and the day before holds only the float', async () => {
    // Mid-morning in Lagos: the ten minutes the sandbox takes to pay stay within the day.
    t.clock.set(new Date(`${DAY}T08:00:00Z`));
    let operator = await signedInOperator(t.app, t.db);
    const referrer = await signedInUser(t.app);
    const invited = await signedInUser(t.app, { referral_code: referrer.user.referral_code });
    const first = await submitTrade(t.app, invited, subcategoryId, 100);
    const second = await submitTrade(t.app, invited, subcategoryId, 25);
    await submitTrade(t.app, invited, subcategoryId, 50); // still waiting at the end of the day
    // Below the expected value: an offer the seller accepts (decision 037), credited then.
    await approveAtValue(t.app, { operator, seller: invited, tradeId: first.id, naira: 100_000 });
    const rejected = await reject(t.app, operator, second.id, {
      reason: 'invalid_code',
      note: 'The code does not read.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // One payout paid (ten minutes later), one declined by the bank.
    const paid = await sellerWithdrawing(t.app, t.db, { operator, bankId: gtbank, prefix: '9997' });
    await runPayoutJob(t.app, paid.withdrawal.id);
    t.clock.advance(11 * 60);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);
    operator = await signedInOperator(t.app, t.db);
    const declined = await sellerWithdrawing(t.app, t.db, {
      operator,
      bankId: gtbank,
      prefix: '9998',
    });
    await runPayoutJob(t.app, declined.withdrawal.id);
    t.clock.advance(60);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);

    const admin = await signedInOperator(t.app, t.db, 'admin');
    const books = await booksOf(admin, '2033-06-14', DAY);
    expect(books.days.map((d) => d.day)).toEqual(['2033-06-14', DAY]);
    const [before, today] = books.days;
    const expected = await fromTheLedger(DAY);
    expect(today).toEqual(expected);
    expect(before).toEqual(await fromTheLedger('2033-06-14'));

    // The activity itself, so a ledger that moved nothing could not pass the comparison.
    expect(today).toMatchObject({
      trades_submitted: 5, // three by the invited seller, one to fund each withdrawing seller
      trades_approved: 3,
      trades_rejected: 1,
      face_value_approved: [{ currency: 'USD', amount: 120 }],
      credited: 106_000,
      referral_rewards: 1,
      referral_rewards_amount: 500,
      withdrawals_requested: 2,
      withdrawals_paid: 1,
      withdrawals_paid_amount: 1_000,
      withdrawals_failed: 1,
    });
    expect(today?.fees_earned).toBeGreaterThanOrEqual(0);
    expect(today?.withdrawals_requested_amount).toBe(2 * (1_000 + (today?.fees_earned ?? 0)));
    // What came in, less what left for banks and fees, is what the float grew by.
    expect(
      Math.round(((today?.float_end_of_day ?? 0) - (before?.float_end_of_day ?? 0)) * 100),
    ).toBe(Math.round((106_000 + 500 - 1_000 - (today?.fees_earned ?? 0)) * 100));
    expect(before).toMatchObject({ trades_submitted: 0, credited: 0, withdrawals_requested: 0 });
  });

  it('downloads the same figures as CSV, one row a day, naira with two decimals', async () => {
    const admin = await signedInOperator(t.app, t.db, 'admin');
    const books = await booksOf(admin, '2033-06-14', DAY);
    const response = await booksFor(admin, `?from=2033-06-14&to=${DAY}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="karta-books-2033-06-14-${DAY}.csv"`,
    );
    const [header, ...rows] = response.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'day,trades_submitted,trades_approved,trades_rejected,face_value_approved_USD,credited_naira,referral_rewards,referral_rewards_naira,withdrawals_requested,withdrawals_requested_naira,withdrawals_paid,withdrawals_paid_naira,withdrawals_failed,withdrawals_failed_naira,fees_earned_naira,float_end_of_day_naira',
    );
    expect(rows).toHaveLength(2);
    const today = books.days[1];
    if (!today) throw new Error('no day');
    expect(rows[1]?.split(',')).toEqual([
      DAY,
      '5',
      '3',
      '1',
      '120',
      '106000.00',
      '1',
      '500.00',
      '2',
      today.withdrawals_requested_amount.toFixed(2),
      '1',
      '1000.00',
      '1',
      today.withdrawals_failed_amount.toFixed(2),
      today.fees_earned.toFixed(2),
      today.float_end_of_day.toFixed(2),
    ]);
    expect(rows[0]?.startsWith('2033-06-14,0,0,0,0,0.00,')).toBe(true);
  });
});

describe('the running totals', () => {
  it('equal the ledger postings summed by Lagos day (what the migration backfills)', async () => {
    const counted = await t.db.execute(sql`
      select overview_lagos_day(p.created_at)::text as day, 'ledger.' || t.kind || '.' || a.kind as metric,
             count(*)::int as n, sum(p.amount)::text as kobo
        from ledger_postings p
        join ledger_transactions t on t.id = p.transaction_id
        join ledger_accounts a on a.id = p.account_id
       group by 1, 2 order by 1, 2`);
    const kept = await t.db.execute(sql`
      select day::text, metric, n::int, kobo::text from overview_daily
       where metric like 'ledger.%' order by 1, 2`);
    expect(kept.rows).toEqual(counted.rows);
  });
});
