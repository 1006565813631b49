/**
 * The console overview part of `npm run bench` (decision 022): `GET /api/v1/admin/overview` with
 * 1,000,000 trades and 200,000 withdrawals in the database, p99 ≤ 50 ms with 4 staff screens
 * polling at once. The tables are topped up to those sizes by INSERT … SELECT over
 * generate_series (the overview's triggers run for every row, as they would in production),
 * then VACUUM ANALYZE. Beside the HTTP row it times, in SQL, the two ways decision 022 weighed
 * for today's median and 90th percentile: the histogram the overview reads, and an index range
 * over today's decisions in `trades`.
 */
import { sql } from 'drizzle-orm';
import { type Database, DEMO_USER } from '@karta/api/harness';
import { findRow, runHttpScenario, toRow, type Budget, type Row } from './scenario';
import { loginForToken, type Stack } from './stack';
import { insertTrades } from './trades-seed';

export const OVERVIEW_TRADES = 1_000_000;
export const OVERVIEW_WITHDRAWALS = 200_000;
/** `--quick`: a tenth of each. */
export const QUICK_OVERVIEW_TRADES = 100_000;
export const QUICK_OVERVIEW_WITHDRAWALS = 20_000;
const OVERVIEW_MAX_P99_MS = 50;
/** Staff with the overview open at once; it polls every 30 s, so 4 is a busy floor's worth. */
const OVERVIEW_CONNECTIONS = 4;
const SELLERS = 1_000;
/** Unfinished payouts are few: one in this many of the seeded withdrawals each. */
const UNFINISHED_ONE_IN = 1_000;
const SQL_SAMPLES = 200;

export interface OverviewSizes {
  trades: number;
  withdrawals: number;
}

const overviewScenarioName = (sizes: OverviewSizes) =>
  `GET /api/v1/admin/overview (${sizes.trades.toLocaleString('en')} trades, ${sizes.withdrawals.toLocaleString('en')} withdrawals)`;

const countOf = async (db: Database, table: 'trades' | 'withdrawals') => {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return result.rows[0]?.n ?? 0;
};

/** Sellers of their own, so the group runs alone or after the others. */
async function insertSellers(db: Database): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    insert into users (first_name, last_name, email, mobile_number, password_hash, status, referral_code, verified_at)
    select 'Overview', 'No ' || n, 'bench-overview-' || n || '@example.com', '+23484' || lpad(n::text, 8, '0'),
           'not-a-hash', 'active', 'BENCHV' || n, now()
      from generate_series(1, ${SELLERS}) as n
    returning id`);
  return result.rows.map((row) => row.id);
}

/**
 * `count` withdrawals of ₦1,000–₦50,000 over the past year: nearly all paid, one in ten failed,
 * and one in a thousand each still pending or processing (some of those over an hour: stuck).
 */
async function insertWithdrawals(db: Database, sellers: string[], count: number): Promise<void> {
  await db.execute(sql`
    insert into withdrawals (reference, user_id, amount_kobo, fee_kobo, status, provider, bank_code,
      bank_name, account_number, account_name, idempotency_key, request_hash, created_at,
      processing_at, completed_at)
    select 'wd_' || replace(gen_random_uuid()::text, '-', ''),
           (${sql.param(sellers)}::uuid[])[1 + n % ${sellers.length}],
           (1000 + n % 49001)::bigint * 100, 5000,
           s.status, 'sandbox', '058', 'Guaranty Trust Bank', lpad((n % 1000000000)::text, 10, '1'),
           'Overview Seller', 'bench-overview-' || n, 'bench', t.created_at,
           case when s.status <> 'pending' then t.created_at end,
           case when s.status in ('successful', 'failed') then t.created_at + interval '2 minutes' end
      from generate_series(1, ${count}) as n
      cross join lateral (select case
        when n % ${UNFINISHED_ONE_IN} = 0 then 'pending'
        when n % ${UNFINISHED_ONE_IN} = 1 then 'processing'
        when n % 10 = 2 then 'failed' else 'successful' end::withdrawal_status as status) s
      cross join lateral (select now() - ((n::bigint * 2654435761) % 31536000) * interval '1 second' as created_at) t`);
}

/** Tops the tables up to the sizes asked for, then analyzes and checkpoints (the books reuse it). */
export async function seed(db: Database, sizes: OverviewSizes): Promise<void> {
  const sellers = await insertSellers(db);
  const trades = sizes.trades - (await countOf(db, 'trades'));
  if (trades > 0) {
    await insertTrades(db, {
      prefix: 'KO',
      count: trades,
      firstUserId: null,
      firstCount: 0,
      userIds: sellers,
      pending: false,
    });
  }
  const withdrawals = sizes.withdrawals - (await countOf(db, 'withdrawals'));
  if (withdrawals > 0) await insertWithdrawals(db, sellers, withdrawals);
  await db.execute(sql`vacuum analyze trades, withdrawals, users`);
  await db.execute(sql`checkpoint`);
}

/** p50 and p99 in ms of one query run `SQL_SAMPLES` times, one after the other. */
async function timeQuery(db: Database, query: ReturnType<typeof sql>) {
  const ms: number[] = [];
  for (let i = 0; i < SQL_SAMPLES; i += 1) {
    const started = performance.now();
    await db.execute(query);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

/**
 * Decision 022's measurement: today's median and p90 from the histogram, and from the trades
 * themselves through an index on `reviewed_at` built for the comparison and dropped after.
 */
async function compareDecisionTimeReads(db: Database) {
  const lagosToday = sql`(now() at time zone 'UTC' + interval '1 hour')::date`;
  const histogram = await timeQuery(
    db,
    sql`select bucket, n from overview_decision_times where day = ${lagosToday} order by bucket`,
  );
  await db.execute(sql`create index bench_trades_reviewed_idx on trades (reviewed_at) include (created_at)
    where status in ('approved', 'rejected')`);
  await db.execute(sql`vacuum analyze trades`);
  const dayStart = sql`(${lagosToday}::timestamp - interval '1 hour') at time zone 'UTC'`;
  const decisions = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from trades
     where status in ('approved', 'rejected') and reviewed_at >= ${dayStart}`);
  const indexRange = await timeQuery(
    db,
    sql`select percentile_cont(array[0.5, 0.9]) within group (order by reviewed_at - created_at)
          from trades where status in ('approved', 'rejected') and reviewed_at >= ${dayStart}`,
  );
  await db.execute(sql`drop index bench_trades_reviewed_idx`);
  return { decisionsToday: decisions.rows[0]?.n ?? 0, histogram, indexRange };
}

export async function runOverviewScenarios(
  stack: Stack,
  options: { seconds: number; ceiling: number; sizes: OverviewSizes },
): Promise<Row[]> {
  console.log(
    `  (topping up to ${options.sizes.trades.toLocaleString('en')} trades and ${options.sizes.withdrawals.toLocaleString('en')} withdrawals)`,
  );
  const started = Date.now();
  await seed(stack.db, options.sizes);
  console.log(`  (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await stack.db.execute(sql`update users set role = 'operator' where email = ${DEMO_USER.email}`);
  const token = await loginForToken(stack.apiUrl);
  const url = `${stack.apiUrl}/api/v1/admin/overview`;
  const check = await fetch(url, { headers: { authorization: token } });
  if (!check.ok) throw new Error(`the overview answered HTTP ${String(check.status)}`);
  const name = overviewScenarioName(options.sizes);
  const scenario = {
    name,
    warmUp: true,
    spec: {
      method: 'GET' as const,
      connections: OVERVIEW_CONNECTIONS,
      seconds: options.seconds,
      url,
      headers: { authorization: token },
    },
  };
  const row = toRow(name, OVERVIEW_CONNECTIONS, await runHttpScenario(scenario), options.ceiling);
  const reads = await compareDecisionTimeReads(stack.db);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(
    `  (today's decision times, ${String(reads.decisionsToday)} decisions: histogram p50 ${ms(reads.histogram.p50Ms)} p99 ${ms(reads.histogram.p99Ms)}; index range over trades p50 ${ms(reads.indexRange.p50Ms)} p99 ${ms(reads.indexRange.p99Ms)})`,
  );
  return [row];
}

export function checkOverviewBudgets(rows: Row[], sizes: OverviewSizes): Budget[] {
  const name = overviewScenarioName(sizes);
  const p99 = findRow(rows, name).p99Ms;
  return [
    {
      name: `${name}: p99 ms`,
      value: p99,
      limit: `≤ ${String(OVERVIEW_MAX_P99_MS)}`,
      ok: p99 <= OVERVIEW_MAX_P99_MS,
    },
  ];
}
