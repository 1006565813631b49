/**
 * The catalog part of `npm run bench`: card listing, card search and subcategory listing, run
 * on the seeded catalog and again after 10,000 more cards, to show the indexes keep the cost
 * flat (decision 008: the larger catalog may cost at most 1.3×).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@karta/api/harness';
import {
  FAST_CONNECTIONS,
  fastScenario,
  findRow,
  runHttpScenario,
  toRow,
  type Budget,
  type Row,
} from './scenario';
import type { Stack } from './stack';

const EXTRA_CARDS = 10_000;
/** Cost is time per request, so the ratio is seeded req/s over large-catalog req/s. */
const CATALOG_MAX_COST_RATIO = 1.3;
const LARGE_SUFFIX = ` (+${EXTRA_CARDS.toLocaleString('en')} cards)`;

export const CATALOG_SCENARIOS = {
  list: 'GET /api/v1/card/admin_get_gift_card?page=1&size=10',
  search: 'GET /api/v1/card/admin_get_gift_card?card_name=amaz',
  subcategories: 'GET /api/v1/card/get_gift_card_category/{amazon}?device=web',
} as const;

/** The three catalog URLs, with the seeded Amazon card as the one whose subcategories we list. */
async function catalogUrls(apiUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${apiUrl}/api/v1/card/admin_get_gift_card?card_name=amazon`);
  const body = (await response.json()) as { data?: { data?: { id: string }[] } };
  const amazonId = body.data?.data?.[0]?.id;
  if (!response.ok || !amazonId) throw new Error('the seeded catalog has no Amazon card');
  const card = `${apiUrl}/api/v1/card`;
  return {
    [CATALOG_SCENARIOS.list]: `${card}/admin_get_gift_card?page=1&size=10`,
    [CATALOG_SCENARIOS.search]: `${card}/admin_get_gift_card?card_name=amaz`,
    [CATALOG_SCENARIOS.subcategories]: `${card}/get_gift_card_category/${amazonId}?device=web&page=1&size=10`,
  };
}

/**
 * 10,000 active cards after the seeded ones, three subcategories each, in two statements.
 * Then VACUUM ANALYZE, as autovacuum soon would: the planner sees the real sizes, and the
 * visibility map lets counts read the index alone.
 */
async function insertExtraCards(db: Database): Promise<void> {
  await db.execute(sql`
    insert into gift_cards (name, slug, brand_colour, sort_order)
    select 'Bench card ' || lpad(n::text, 5, '0'), 'bench-card-' || n, '#336699', 1000 + n
    from generate_series(1, ${EXTRA_CARDS}) as n`);
  await db.execute(sql`
    insert into gift_card_subcategories (gift_card_id, name, currency, rate_kobo, min_amount, max_amount)
    select c.id, band.name, 'USD', 100000 + band.n * 1000, 25, 500
    from gift_cards c
    cross join (values (1, 'USA physical'), (2, 'USA e-code'), (3, 'UK e-code')) as band(n, name)
    where c.slug like 'bench-card-%'`);
  await db.execute(sql`vacuum analyze gift_cards, gift_card_subcategories`);
}

/** Card listing, search and subcategory listing; `suffix` names the catalog size. */
async function runCatalogPass(
  stack: Stack,
  seconds: number,
  ceiling: number,
  suffix: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, url] of Object.entries(await catalogUrls(stack.apiUrl))) {
    const scenario = fastScenario(`${name}${suffix}`, url, seconds);
    rows.push(toRow(scenario.name, FAST_CONNECTIONS, await runHttpScenario(scenario), ceiling));
  }
  return rows;
}

/** The three calls on the seeded catalog, then again with 10,000 more cards. */
export async function runCatalogScenarios(
  stack: Stack,
  seconds: number,
  ceiling: number,
): Promise<Row[]> {
  const seeded = await runCatalogPass(stack, seconds, ceiling, '');
  console.log(`  (inserting extra cards${LARGE_SUFFIX})`);
  await insertExtraCards(stack.db);
  return [...seeded, ...(await runCatalogPass(stack, seconds, ceiling, LARGE_SUFFIX))];
}

/** Each catalog call's cost on the large catalog over its cost on the seeded one. */
export function checkCatalogBudgets(rows: Row[]): Budget[] {
  return Object.values(CATALOG_SCENARIOS).map((scenario) => {
    const seeded = findRow(rows, scenario).requestsPerSecond;
    const large = findRow(rows, `${scenario}${LARGE_SUFFIX}`).requestsPerSecond;
    const ratio = large > 0 ? seeded / large : Infinity;
    return {
      name: `${scenario}: cost with ${LARGE_SUFFIX.trim()} ÷ seeded`,
      value: ratio,
      limit: `≤ ${CATALOG_MAX_COST_RATIO}`,
      ok: ratio <= CATALOG_MAX_COST_RATIO,
    };
  });
}
