/**
 * The sellers desk part of `npm run bench` (decision 021): an operator's search by e-mail, phone,
 * name and referral code prefix on 1,000,000 accounts, p99 ≤ 20 ms each with 4 operators
 * searching at once. The accounts are
 * written by one INSERT … SELECT over generate_series, then VACUUM ANALYZE, as autovacuum
 * soon would.
 */
import { sql } from 'drizzle-orm';
import { type Database, DEMO_USER } from '@karta/api/harness';
import { p99Budgets, runDeskReads } from './desk-reads';
import type { Budget, Row } from './scenario';
import { loginForToken, type Stack } from './stack';

export const BIG_ACCOUNTS = 1_000_000;
/** `--quick`: a tenth, so the seeding takes seconds. */
export const QUICK_BIG_ACCOUNTS = 100_000;
const SEARCH_MAX_P99_MS = 20;
/**
 * Operators searching at once. The desk is used by a handful of staff, not by the public: 4
 * concurrent searches is a busy support shift, and queueing 32 on a 2-core machine would
 * measure the queue, not the search.
 */
const DESK_CONNECTIONS = 4;

const FIRST_NAMES = ['Chidinma', 'Tunde', 'Ngozi', 'Emeka', 'Aisha', 'Bola', 'Ifeanyi', 'Yetunde'];
const LAST_NAMES = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ibrahim', 'Okonkwo', 'Balogun', 'Nwosu'];

/** What an operator types: part of an e-mail, a local phone number, a full name, a code. */
const searches = (accounts: number) => {
  const n = Math.floor(accounts * 0.73);
  return {
    email: `seller${String(n).slice(0, 5)}`,
    phone: `0803${String(n).padStart(7, '0').slice(0, 4)}`,
    name: 'chidinma oka',
    code: `S${String(n).padStart(7, '0').slice(0, 4)}`,
  };
};

const sellerSearchScenarioNames = (accounts: number) => {
  const size = `(${accounts.toLocaleString('en')} accounts)`;
  return Object.fromEntries(
    Object.entries(searches(accounts)).map(([kind, q]) => [
      kind,
      `GET /api/v1/admin/users?q=${q} ${size}`,
    ]),
  ) as Record<keyof ReturnType<typeof searches>, string>;
};

/**
 * `accounts` sellers in one statement: names from short lists (so a name matches many),
 * unique e-mails, phone numbers and referral codes, spread over the last three years.
 */
async function insertAccounts(db: Database, accounts: number): Promise<void> {
  await db.execute(sql`
    insert into users (first_name, last_name, email, mobile_number, password_hash, role, status,
      referral_code, created_at, updated_at, verified_at)
    select (string_to_array(${FIRST_NAMES.join(',')}, ','))[1 + n % ${FIRST_NAMES.length}],
      (string_to_array(${LAST_NAMES.join(',')}, ','))[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
      'seller' || n || '@bench.karta.example',
      '+234803' || lpad(n::text, 7, '0'),
      'not-a-hash', 'user', 'active',
      'S' || lpad(n::text, 7, '0'),
      now() - (n % 1095) * interval '1 day', now(), now()
    from generate_series(1, ${accounts}) as n`);
  await db.execute(sql`vacuum analyze users`);
}

/** Seeds the accounts, makes the demo user an operator, and searches four ways. */
export async function runSellerScenarios(
  stack: Stack,
  options: { seconds: number; ceiling: number; accounts: number },
): Promise<Row[]> {
  console.log(`  (inserting ${options.accounts.toLocaleString('en')} accounts)`);
  const started = Date.now();
  await insertAccounts(stack.db, options.accounts);
  console.log(`  (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await stack.db.execute(sql`update users set role = 'operator' where email = ${DEMO_USER.email}`);
  const names = sellerSearchScenarioNames(options.accounts);
  return runDeskReads({
    reads: Object.fromEntries(
      Object.entries(searches(options.accounts)).map(([kind, q]) => [
        names[kind as keyof typeof names],
        `${stack.apiUrl}/api/v1/admin/users?q=${encodeURIComponent(q)}`,
      ]),
    ),
    token: await loginForToken(stack.apiUrl),
    connections: DESK_CONNECTIONS,
    seconds: options.seconds,
    ceiling: options.ceiling,
    hasFound: (body) =>
      Boolean((body as { data?: { meta?: { total?: number } } }).data?.meta?.total),
  });
}

export const checkSellerBudgets = (rows: Row[], accounts: number): Budget[] =>
  p99Budgets(rows, Object.values(sellerSearchScenarioNames(accounts)), SEARCH_MAX_P99_MS);
