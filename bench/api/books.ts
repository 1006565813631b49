/**
 * The books part of `npm run bench` (decision 026): `GET /api/v1/admin/reports/daily` for the last
 * 90 Lagos days with 1,000,000 trades in the database, p99 ≤ 100 ms. The trades and
 * withdrawals are the overview's seeding (only if no group before has filled the table); every
 * seeded approved trade then gets its credit in the ledger, in one statement, so the ledger's
 * per-day totals (decision 026) hold a year of days as production's would.
 */
import { sql } from 'drizzle-orm';
import { type Database, DEMO_USER, getBooks, systemClock } from '@karta/api/harness';
import { seed as seedOverviewTables, type OverviewSizes } from './overview';
import { findRow, runHttpScenario, toRow, type Budget, type Row } from './scenario';
import { loginForToken, type Stack } from './stack';

const BOOKS_DAYS = 90;
const BOOKS_MAX_P99_MS = 100;
/** An accountant or two with the books open, pulling reports one after the other. */
const BOOKS_CONNECTIONS = 2;

const booksScenarioName = (sizes: OverviewSizes) =>
  `GET /api/v1/admin/reports/daily (${String(BOOKS_DAYS)} days, ${sizes.trades.toLocaleString('en')} trades)`;

/**
 * Credits every seeded approved trade that has none yet: a `trade_credit` movement (seller
 * wallet +, trade funding −) on the day it was approved, with each account's running balance,
 * and the balances moved to match, so the ledger still adds up afterwards.
 */
async function creditSeededTrades(db: Database): Promise<number> {
  await db.execute(sql`
    with sellers as (
      select distinct user_id from trades
       where status = 'approved'
    ), opened as (
      insert into ledger_accounts (kind, user_id)
      select 'user_wallet', user_id from sellers
      on conflict (user_id, kind) where user_id is not null do nothing
      returning id
    )
    insert into ledger_balances (account_id, is_user_account) select id, true from opened`);
  const result = await db.execute<{ n: number }>(sql`
    with credited as (
      select t.id, t.user_id, t.reference, t.final_kobo as kobo, t.reviewed_at as at
        from trades t
       where t.status = 'approved'
         and not exists (select 1 from ledger_transactions x
                          where x.idempotency_key = 'trade:' || t.id || ':credit')
    ), moved as (
      insert into ledger_transactions (idempotency_key, kind, description, reference, created_at)
      select 'trade:' || id || ':credit', 'trade_credit', 'Trade ' || reference || ' approved (bench)',
             reference, at
        from credited
      returning id, reference, created_at
    ), legs as (
      select m.id as transaction_id, w.id as account_id, c.kobo as amount, m.created_at
        from moved m join credited c on c.reference = m.reference
        join ledger_accounts w on w.user_id = c.user_id and w.kind = 'user_wallet'
      union all
      select m.id, f.id, -c.kobo, m.created_at
        from moved m join credited c on c.reference = m.reference
        cross join (select id from ledger_accounts where kind = 'trade_funding' and user_id is null) f
    ), posted as (
      insert into ledger_postings (transaction_id, account_id, amount, balance_after, created_at)
      select l.transaction_id, l.account_id, l.amount,
             b.available + sum(l.amount) over (partition by l.account_id
                                                order by l.created_at, l.transaction_id),
             l.created_at
        from legs l join ledger_balances b on b.account_id = l.account_id
      returning account_id, amount
    ), totals as (
      select account_id, sum(amount) as amount from legs group by account_id
    ), balanced as (
      update ledger_balances b set available = b.available + t.amount
        from totals t where b.account_id = t.account_id
      returning 1
    )
    select (select count(*) from moved)::int as n, (select count(*) from balanced)::int as accounts,
           (select count(*) from posted)::int as postings`);
  await db.execute(sql`vacuum analyze ledger_transactions, ledger_postings, overview_daily_shards`);
  return result.rows[0]?.n ?? 0;
}

const SQL_SAMPLES = 200;

/**
 * The books service behind a 90-day report (its two reads and the days it adds up), timed
 * in-process one after the other: what the database does, apart from HTTP and JSON (and from a
 * busy machine's queueing).
 */
async function timeReads(db: Database, from: string, to: string) {
  const ms: number[] = [];
  for (let i = 0; i < SQL_SAMPLES; i += 1) {
    const started = performance.now();
    await getBooks({ db, clock: systemClock }, { from, to });
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

const lagosDay = (daysAgo: number) =>
  new Date(Date.now() + 60 * 60 * 1000 - daysAgo * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export async function runBooksScenarios(
  stack: Stack,
  options: { seconds: number; ceiling: number; sizes: OverviewSizes },
): Promise<Row[]> {
  const started = Date.now();
  // The overview group, run before, has seeded these tables already (its sellers once only).
  const seeded = await stack.db.execute<{ n: number }>(sql`select count(*)::int as n from trades`);
  if ((seeded.rows[0]?.n ?? 0) < options.sizes.trades) {
    await seedOverviewTables(stack.db, options.sizes);
  }
  const credits = await creditSeededTrades(stack.db);
  console.log(
    `  (${options.sizes.trades.toLocaleString('en')} trades, ${credits.toLocaleString('en')} credits posted to the ledger, in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  await stack.db.execute(sql`update users set role = 'admin' where email = ${DEMO_USER.email}`);
  const token = await loginForToken(stack.apiUrl);
  const url = `${stack.apiUrl}/api/v1/admin/reports/daily?from=${lagosDay(BOOKS_DAYS - 1)}&to=${lagosDay(0)}`;
  const check = await fetch(url, { headers: { authorization: token } });
  if (!check.ok) throw new Error(`the books answered HTTP ${String(check.status)}`);
  const { data } = (await check.json()) as { data: { days: { credited: number }[] } };
  const activeDays = data.days.filter((day) => day.credited > 0).length;
  const name = booksScenarioName(options.sizes);
  const scenario = {
    name,
    warmUp: true,
    spec: {
      method: 'GET' as const,
      connections: BOOKS_CONNECTIONS,
      seconds: options.seconds,
      url,
      headers: { authorization: token },
    },
  };
  const row = toRow(name, BOOKS_CONNECTIONS, await runHttpScenario(scenario), options.ceiling);
  const reads = await timeReads(stack.db, lagosDay(BOOKS_DAYS - 1), lagosDay(0));
  console.log(
    `  (${String(activeDays)} of the ${String(BOOKS_DAYS)} days have credits; the reads alone in SQL: p50 ${reads.p50Ms.toFixed(2)} ms, p99 ${reads.p99Ms.toFixed(2)} ms)`,
  );
  return [row];
}

export function checkBooksBudgets(rows: Row[], sizes: OverviewSizes): Budget[] {
  const name = booksScenarioName(sizes);
  const p99 = findRow(rows, name).p99Ms;
  return [
    {
      name: `${name}: p99 ms`,
      value: p99,
      limit: `≤ ${String(BOOKS_MAX_P99_MS)}`,
      ok: p99 <= BOOKS_MAX_P99_MS,
    },
  ];
}
