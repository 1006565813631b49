/**
 * The trades part of `npm run bench` (decisions 011 and 048).
 *
 * Trade history: a user's page 1 on the freshly seeded database (a user with 20 trades) is the
 * baseline; then 1,000,000 trades are written with SQL, 5,000 of them one user's, and that
 * user's page 1 and page 500 may each cost at most 1.3× the baseline, with p99 ≤ 25 ms.
 *
 * Approvals: pending trades of many users (a quarter of them invited by another user, so the
 * first approval also pays a referral reward) are approved once each by concurrent operators;
 * at least 200 a second, every answer 200, and afterwards the ledger must add up and
 * PostgreSQL must have detected no deadlock.
 */
import { sql } from 'drizzle-orm';
import { checkLedger, ledgerProblems, type LedgerChecks } from './ledger';
import type { Database } from '@karta/api/harness';

/** Cost is time per request, so the ratio is baseline req/s over large-table req/s. */
export const TRADE_HISTORY_MAX_COST_RATIO = 1.3;
export const TRADE_HISTORY_MAX_P99_MS = 25;
export const APPROVALS_MIN_PER_SECOND = 200;

export const BIG_TRADES = 1_000_000;
/** `--quick`: a tenth of the table, so the seeding takes seconds rather than a minute. */
export const QUICK_BIG_TRADES = 100_000;
const HEAVY_USER_TRADES = 5_000;
const LIGHT_USER_TRADES = 20;
const PAGE_SIZE = 10;
/** The heavy user's last page. */
export const LAST_PAGE = HEAVY_USER_TRADES / PAGE_SIZE;
const TRADERS = 2_000;
export const OPERATORS = 16;
/** Each seller has this many pending trades, so some approvals of one seller overlap. */
const PENDING_TRADES_PER_SELLER = 2;
/** One seller in this many was invited by another trader and has a referral to reward. */
const REFERRED_ONE_IN = 4;
export const BENCH_PASSWORD = 'BenchTrader#2026';

const history = (page: number) =>
  `GET /api/v1/trade/fetch_trade/{user_id}?page=${page}&size=${PAGE_SIZE}`;

/** The row names; the large table's size is in them, since `--quick` makes it smaller. */
export function tradeScenarioNames(bigTrades: number) {
  const big = `(${HEAVY_USER_TRADES.toLocaleString('en')} of ${bigTrades.toLocaleString('en')} trades)`;
  return {
    baseline: `${history(1)} (${LIGHT_USER_TRADES} trades)`,
    bigFirst: `${history(1)} ${big}`,
    bigLast: `${history(LAST_PAGE)} ${big}`,
    approve: `POST /api/v1/admin/trades/{id}/approve (${OPERATORS} operators)`,
  };
}

export const tradeHistoryUrl = (apiUrl: string, userId: string, page: number) =>
  `${apiUrl}/api/v1/trade/fetch_trade/${userId}?page=${page}&size=${PAGE_SIZE}`;

export const approveUrl = (apiUrl: string, tradeId: string) =>
  `${apiUrl}/api/v1/admin/trades/${tradeId}/approve`;

/** Enough pending trades to keep the target rate busy for one scenario's duration. */
export const approvalCount = (seconds: number) =>
  Math.max(APPROVALS_MIN_PER_SECOND, Math.round(APPROVALS_MIN_PER_SECOND * seconds));

interface BenchUser {
  id: string;
  email: string;
}

interface BenchPeople {
  /** 20 trades: the baseline. */
  light: BenchUser;
  /** 5,000 trades among the large table. */
  heavy: BenchUser;
  /** Everyone else's trades are theirs. */
  others: string[];
  operators: BenchUser[];
}

/**
 * 2,000 active traders and 16 operators, all with the same password (hashed once by the
 * caller, since argon2id takes a while).
 */
export async function insertBenchPeople(db: Database, passwordHash: string): Promise<BenchPeople> {
  const traders = await db.execute<{ id: string; email: string }>(sql`
    insert into users (first_name, last_name, email, mobile_number, password_hash, status, referral_code, verified_at)
    select 'Trader', 'No ' || n, 'bench-trader-' || n || '@example.com', '+23480' || lpad(n::text, 8, '0'),
           ${passwordHash}, 'active', 'BENCHT' || n, now()
      from generate_series(0, ${TRADERS - 1}) as n
    returning id, email`);
  const operators = await db.execute<{ id: string; email: string }>(sql`
    insert into users (first_name, last_name, email, mobile_number, password_hash, role, status, referral_code, verified_at)
    select 'Operator', 'No ' || n, 'bench-operator-' || n || '@example.com', '+23482' || lpad(n::text, 8, '0'),
           ${passwordHash}, 'operator', 'active', 'BENCHO' || n, now()
      from generate_series(1, ${OPERATORS}) as n
    returning id, email`);
  const byEmail = new Map(traders.rows.map((row) => [row.email, row]));
  const trader = (n: number) => {
    const row = byEmail.get(`bench-trader-${n}@example.com`);
    if (!row) throw new Error(`bench trader ${n} was not inserted`);
    return row;
  };
  return {
    light: trader(0),
    heavy: trader(1),
    others: Array.from({ length: TRADERS - 2 }, (_, i) => trader(i + 2).id),
    operators: operators.rows,
  };
}

/**
 * `count` trades with references `<prefix>-00000001`…, each with one or two photo rows: the
 * first `firstCount` are `firstUserId`'s, the rest go round `userIds`. They spread over the
 * seeded catalog's subcategories and over the past year; statuses are mixed (60% approved,
 * 15% rejected, 10% cancelled, 15% pending) unless `pending`.
 */
export async function insertTrades(
  db: Database,
  options: {
    prefix: string;
    count: number;
    firstUserId: string | null;
    firstCount: number;
    userIds: string[];
    pending: boolean;
  },
): Promise<void> {
  await db.execute(sql`
    with sub as (
      select (row_number() over (order by s.id))::int - 1 as k, s.id, s.gift_card_id, s.currency,
             s.rate_kobo, s.min_amount, s.max_amount
        from gift_card_subcategories s join gift_cards c on c.id = s.gift_card_id
       where c.slug not like 'bench-card-%'
    ),
    g as (
      select n,
             case when n <= ${options.firstCount} then ${options.firstUserId}::uuid
                  else (${sql.param(options.userIds)}::uuid[])[1 + n % ${options.userIds.length}] end as user_id,
             ((n * 7) % (select count(*) from sub))::int as k,
             case when ${options.pending} then 'pending'
                  when n % 20 < 12 then 'approved' when n % 20 < 15 then 'rejected'
                  when n % 20 < 17 then 'cancelled' else 'pending' end::trade_status as status,
             now() - ((n::bigint * 2654435761) % 31536000) * interval '1 second' as created_at
        from generate_series(1, ${options.count}) as n
    ),
    inserted as (
      insert into trades (reference, user_id, gift_card_id, subcategory_id, amount, currency, rate_kobo,
                          expected_kobo, final_kobo, status, device, rejection_reason, created_at,
                          reviewed_at, cancelled_at)
      select ${options.prefix} || '-' || lpad(g.n::text, 8, '0'), g.user_id, sub.gift_card_id, sub.id,
             a.amount, sub.currency, sub.rate_kobo, sub.rate_kobo * a.amount,
             case when g.status = 'approved' then sub.rate_kobo * a.amount end,
             g.status, (array['web', 'ios', 'android'])[1 + g.n % 3]::device_kind,
             case when g.status = 'rejected' then 'unclear_image'::trade_rejection_reason end,
             g.created_at,
             case when g.status in ('approved', 'rejected') then g.created_at + interval '1 hour' end,
             case when g.status = 'cancelled' then g.created_at + interval '10 minutes' end
        from g join sub using (k)
        cross join lateral (select sub.min_amount + g.n % (sub.max_amount - sub.min_amount + 1) as amount) a
      returning id, amount
    )
    insert into trade_images (trade_id, position, storage_key, width, height, bytes)
    select i.id, p, 'trades/' || i.id || '/' || p || '-bench.webp', 1280, 800, 150000
      from inserted i cross join lateral generate_series(0, case when i.amount % 3 = 0 then 1 else 0 end) as p`);
}

/** VACUUM ANALYZE, as autovacuum soon would, and a checkpoint, so none of it runs mid-measurement. */
async function settle(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze trades, trade_images, trade_counts`);
  await db.execute(sql`checkpoint`);
}

/** The baseline user's 20 trades, on the freshly seeded database. */
export async function insertLightUserTrades(db: Database, people: BenchPeople): Promise<void> {
  await insertTrades(db, {
    prefix: 'KL',
    count: LIGHT_USER_TRADES,
    firstUserId: people.light.id,
    firstCount: LIGHT_USER_TRADES,
    userIds: [people.light.id],
    pending: false,
  });
  await settle(db);
}

/** The large table: `total` trades in one statement, 5,000 of them the heavy user's. */
export async function insertManyTrades(
  db: Database,
  people: BenchPeople,
  total: number,
): Promise<void> {
  await insertTrades(db, {
    prefix: 'KB',
    count: total - LIGHT_USER_TRADES,
    firstUserId: people.heavy.id,
    firstCount: HEAVY_USER_TRADES,
    userIds: people.others,
    pending: false,
  });
  await settle(db);
}

/**
 * `count` pending trades, two per seller; one seller in four was invited by the trader before
 * them (invitations only point back in time, as registration makes them), with the referral
 * still waiting for their first approved trade. Returns the trade ids in random order, so a
 * seller's two trades are sometimes approved at the same time; and how many sellers have a
 * referral to reward.
 */
export async function insertPendingTrades(
  db: Database,
  people: BenchPeople,
  count: number,
): Promise<{ ids: string[]; referredSellers: number }> {
  const sellers = people.others.slice(0, Math.ceil(count / PENDING_TRADES_PER_SELLER));
  const referred = sellers.flatMap((id, i) =>
    i > 0 && i % REFERRED_ONE_IN === 0 ? [{ referred: id, referrer: sellers[i - 1] ?? id }] : [],
  );
  await db.execute(sql`
    with pairs as (
      select * from unnest(${sql.param(referred.map((r) => r.referred))}::uuid[],
                           ${sql.param(referred.map((r) => r.referrer))}::uuid[]) as p(referred, referrer)
    ),
    marked as (
      update users u set referred_by_user_id = pairs.referrer from pairs where u.id = pairs.referred
    )
    insert into referrals (referrer_user_id, referred_user_id) select referrer, referred from pairs`);
  await insertTrades(db, {
    prefix: 'KP',
    count,
    firstUserId: null,
    firstCount: 0,
    userIds: sellers,
    pending: true,
  });
  await db.execute(sql`analyze trades, referrals, users`);
  const ids = await db.execute<{ id: string }>(sql`
    select id from trades where reference like 'KP-%' order by id`);
  return { ids: ids.rows.map((row) => row.id), referredSellers: referred.length };
}

export interface ApprovalChecks {
  approved: number;
  credits: number;
  referralsRewarded: number;
  referralRewards: number;
  ledger: LedgerChecks;
}

/**
 * After the approvals, straight from the database: every trade approved and credited once,
 * one reward per rewarded referral, each ledger transaction summing to zero, each balance
 * equal to the sum of its postings (and to its last running balance), no user below zero.
 */
export async function checkApprovals(db: Database, ids: string[]): Promise<ApprovalChecks> {
  const keys = ids.map((id) => `trade:${id}:credit`);
  const one = async (query: ReturnType<typeof sql>) => {
    const result = await db.execute<{ n: number }>(query);
    return result.rows[0]?.n ?? -1;
  };
  return {
    approved: await one(sql`
      select count(*)::int as n from trades
       where id = any(${sql.param(ids)}::uuid[]) and status = 'approved' and final_kobo = expected_kobo`),
    credits: await one(sql`
      select count(*)::int as n from ledger_transactions t
       where t.idempotency_key = any(${sql.param(keys)}::text[]) and t.kind = 'trade_credit'
         and (select count(*) from ledger_postings p where p.transaction_id = t.id) = 2`),
    referralsRewarded: await one(sql`
      select count(*)::int as n from referrals where status = 'rewarded'`),
    referralRewards: await one(sql`
      select count(*)::int as n from ledger_transactions where kind = 'referral_reward'`),
    ledger: await checkLedger(db),
  };
}

/** Which checks failed; empty when the approvals left everything as it should be. */
export function approvalProblems(
  checks: ApprovalChecks,
  expected: { trades: number; referred: number },
): string[] {
  const problems: string[] = [];
  if (checks.approved !== expected.trades) {
    problems.push(`${checks.approved} of ${expected.trades} trades approved`);
  }
  if (checks.credits !== expected.trades) {
    problems.push(`${checks.credits} trade credits for ${expected.trades} trades`);
  }
  if (
    checks.referralsRewarded !== expected.referred ||
    checks.referralRewards !== expected.referred
  ) {
    problems.push(
      `${checks.referralsRewarded} referrals rewarded and ${checks.referralRewards} rewards paid for ${expected.referred} referred sellers`,
    );
  }
  problems.push(...ledgerProblems(checks.ledger));
  return problems;
}
