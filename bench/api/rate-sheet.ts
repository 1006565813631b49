/**
 * The rate sheet part of `npm run bench` (decision 029): an operator reads the rate sheet, 50 rows a
 * page with each row's latest change and 30 daily closing rates, on a catalog of 10,000
 * subcategories with a rate change a day for the last 30 days (300,000 history rows). Written
 * by INSERT … SELECT over generate_series, then VACUUM ANALYZE, as autovacuum soon would.
 */
import { sql } from 'drizzle-orm';
import { type Database, DEMO_USER } from '@karta/api/harness';
import { p99Budgets, runDeskReads } from './desk-reads';
import type { Budget, Row } from './scenario';
import { loginForToken, type Stack } from './stack';

const RATE_SHEET_SUBCATEGORIES = 10_000;
const CARDS = RATE_SHEET_SUBCATEGORIES / 4;
const HISTORY_DAYS = 30;
const RATE_SHEET_MAX_P99_MS = 50;
/** Operators at the sheet at once: the morning's rate setters, as at the other desks. */
const DESK_CONNECTIONS = 4;

const SIZE = `(${RATE_SHEET_SUBCATEGORIES.toLocaleString('en')} subcategories)`;
/** The row page 150 follows: the table's keyset read of that page starts after it. */
const DEEP_ROWS_BEFORE = 149 * 50;
/** Each read's name and query; the keyset one names the row it follows once it is seeded. */
const readsOf = (deepAfterId: string) =>
  ({
    first: ['GET /api/v1/admin/catalog/rates first page', 'page=1'],
    deep: ['GET /api/v1/admin/catalog/rates page 150', 'page=150'],
    keyset: [
      'GET /api/v1/admin/catalog/rates page 150 after its previous row',
      `page=150&after=${deepAfterId}`,
    ],
    filtered: [
      'GET /api/v1/admin/catalog/rates?card=&currency=GBP',
      'card=rate%20sheet%2001&currency=GBP',
    ],
  }) as const;
const names = Object.values(readsOf('')).map(([name]) => `${name} ${SIZE}`);

/** The id of the row at a place in the sheet's order (the API's own order, off its indexes). */
async function idOfRowAt(db: Database, place: number): Promise<string> {
  const found = await db.execute<{ id: string }>(sql`
    select s.id from gift_card_subcategories s join gift_cards c on c.id = s.gift_card_id
    order by c.sort_order, c.name, c.id, s.sort_order, s.name, s.id
    offset ${place - 1} limit 1`);
  const id = found.rows[0]?.id;
  if (!id) throw new Error(`the sheet has no row ${String(place)}`);
  return id;
}

/** 2,500 cards of four subcategories (two in GBP), each with a rate change a day for 30 days. */
async function insertRateSheet(db: Database): Promise<void> {
  await db.execute(sql`
    insert into gift_cards (name, slug, brand_colour, sort_order)
    select 'Rate sheet ' || lpad(n::text, 4, '0'), 'rate-sheet-' || n, '#336699', 5000 + n
    from generate_series(1, ${CARDS}) as n`);
  await db.execute(sql`
    insert into gift_card_subcategories (gift_card_id, name, currency, rate_kobo, min_amount, max_amount)
    select c.id, band.name, band.currency, 100000 + band.n * 1000, 25, 500
    from gift_cards c
    cross join (values (1, 'USA physical', 'USD'), (2, 'USA e-code', 'USD'),
      (3, 'UK physical', 'GBP'), (4, 'UK e-code', 'GBP')) as band(n, name, currency)
    where c.slug like 'rate-sheet-%'`);
  await db.execute(sql`
    insert into rate_changes (subcategory_id, rate_kobo, changed_at)
    select s.id, s.rate_kobo - (day * 100), now() - day * interval '1 day'
    from gift_card_subcategories s
    join gift_cards c on c.id = s.gift_card_id and c.slug like 'rate-sheet-%'
    cross join generate_series(0, ${HISTORY_DAYS - 1}) as day`);
  await db.execute(sql`vacuum analyze gift_cards, gift_card_subcategories, rate_changes`);
}

/** Seeds the sheet, makes the demo user an operator, and reads four pages of it (page 150 by offset and by keyset). */
export async function runRateSheetScenarios(
  stack: Stack,
  options: { seconds: number; ceiling: number },
): Promise<Row[]> {
  console.log(`  (inserting ${SIZE.slice(1, -1)} with ${String(HISTORY_DAYS)} days of rates)`);
  const started = Date.now();
  await insertRateSheet(stack.db);
  console.log(`  (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await stack.db.execute(sql`update users set role = 'operator' where email = ${DEMO_USER.email}`);
  const reads = readsOf(await idOfRowAt(stack.db, DEEP_ROWS_BEFORE));
  return runDeskReads({
    reads: Object.fromEntries(
      Object.values(reads).map(([name, query]) => [
        `${name} ${SIZE}`,
        `${stack.apiUrl}/api/v1/admin/catalog/rates?${query}`,
      ]),
    ),
    token: await loginForToken(stack.apiUrl),
    connections: DESK_CONNECTIONS,
    seconds: options.seconds,
    ceiling: options.ceiling,
    hasFound: (body) => Boolean((body as { data?: { data?: unknown[] } }).data?.data?.length),
  });
}

export const checkRateSheetBudgets = (rows: Row[]): Budget[] =>
  p99Budgets(rows, names, RATE_SHEET_MAX_P99_MS);
