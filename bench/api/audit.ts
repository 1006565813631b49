/**
 * The audit trail part of `npm run bench` (decision 028): an admin's filtered first pages (by actor,
 * by one action, by two actions, by target, by a range of days) and the deepest page the trail
 * gives, on 1,000,000 audit rows, p99 ≤ 30 ms each with 4 admins reading at once. The rows are
 * written by one INSERT … SELECT over generate_series, then VACUUM ANALYZE, as autovacuum soon
 * would (decision 028).
 */
import { sql } from 'drizzle-orm';
import { AUDIT_ACTION_NAMES } from '@karta/shared/audit-actions';
import { type Database, DEMO_USER } from '@karta/api/harness';
import { p99Budgets, runDeskReads } from './desk-reads';
import type { Budget, Row } from './scenario';
import { loginForToken, type Stack } from './stack';

export const AUDIT_ROWS = 1_000_000;
/** `--quick`: a tenth, so the seeding takes seconds. */
export const QUICK_AUDIT_ROWS = 100_000;
const AUDIT_MAX_P99_MS = 30;
/** Admins reading the trail at once: a handful of staff, as on the sellers desk. */
const DESK_CONNECTIONS = 4;
/** Staff accounts the rows are spread over; each row's target has about ten rows. */
const ACTORS = 40;
const ROWS_PER_TARGET = 10;

/** The n-th actor's id: made up, as the trail keeps ids of accounts long gone too. */
const actorId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A day `daysAgo` before today, as the filter takes it (UTC is close enough for a range). */
const dayAgo = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const queries = (rows: number) => ({
  actor: `actor=${actorId(7)}`,
  action: 'action=catalog.subcategory.rate',
  'two actions': 'action=trade.approve,trade.reject',
  target: `target_type=trade&target_id=bench-${String(Math.floor(rows / ROWS_PER_TARGET / 2))}`,
  days: `from=${dayAgo(100)}&to=${dayAgo(90)}`,
  'deep page': 'action=trade.claim&page=20',
});

const auditScenarioNames = (rows: number) => {
  const size = `(${rows.toLocaleString('en')} rows)`;
  return Object.fromEntries(
    Object.entries(queries(rows)).map(([kind, query]) => [
      kind,
      `GET /api/v1/admin/audit?${query} ${size}`,
    ]),
  ) as Record<keyof ReturnType<typeof queries>, string>;
};

/** `rows` audit rows over a year, newest first in n, spread evenly over actors and actions. */
async function insertAuditRows(db: Database, rows: number): Promise<void> {
  await db.execute(sql`
    insert into audit_log (actor_user_id, action, target_type, target_id, before, after, ip, created_at)
    select ('00000000-0000-4000-8000-' || lpad((n % ${ACTORS})::text, 12, '0'))::uuid,
      (string_to_array(${AUDIT_ACTION_NAMES.join(',')}, ','))[1 + n % ${AUDIT_ACTION_NAMES.length}],
      'trade',
      'bench-' || (n / ${ROWS_PER_TARGET}),
      jsonb_build_object('status', 'pending'),
      jsonb_build_object('status', 'approved', 'final_kobo', (n * 100)::text),
      '127.0.0.1',
      now() - (n::float8 / ${rows}) * interval '365 days'
    from generate_series(1, ${rows}) as n`);
  await db.execute(sql`vacuum analyze audit_log`);
}

/** Seeds the rows, makes the demo user an admin, and reads the trail six ways. */
export async function runAuditScenarios(
  stack: Stack,
  options: { seconds: number; ceiling: number; rows: number },
): Promise<Row[]> {
  console.log(`  (inserting ${options.rows.toLocaleString('en')} audit rows)`);
  const started = Date.now();
  await insertAuditRows(stack.db, options.rows);
  console.log(`  (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await stack.db.execute(sql`update users set role = 'admin' where email = ${DEMO_USER.email}`);
  const names = auditScenarioNames(options.rows);
  return runDeskReads({
    reads: Object.fromEntries(
      Object.entries(queries(options.rows)).map(([kind, query]) => [
        names[kind as keyof typeof names],
        `${stack.apiUrl}/api/v1/admin/audit?${query}`,
      ]),
    ),
    token: await loginForToken(stack.apiUrl),
    connections: DESK_CONNECTIONS,
    seconds: options.seconds,
    ceiling: options.ceiling,
    hasFound: (body) => Boolean((body as { data?: { data?: unknown[] } }).data?.data?.length),
  });
}

export const checkAuditBudgets = (rows: Row[], auditRows: number): Budget[] =>
  p99Budgets(rows, Object.values(auditScenarioNames(auditRows)), AUDIT_MAX_P99_MS);
