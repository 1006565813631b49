import { and, asc, count, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { giftCards, giftCardSubcategories } from '../../db/schema/catalog';
import { users } from '../../db/schema/users';

export interface RateSheetWhere {
  card?: string | undefined;
  currency?: string | undefined;
  active?: boolean | undefined;
}

/**
 * "Card / Subcategory", lower-cased, single-spaced and with every dash kind (and the spaces
 * around it) as one hyphen, as the paste's keys are (normaliseRateSheetKey in rate-sheet.ts).
 */
const labelKey = sql<string>`lower(regexp_replace(regexp_replace(${giftCards.name} || ' / ' || ${giftCardSubcategories.name}, '\\s+', ' ', 'g'), '\\s*[-\u2010-\u2015\u2212]\\s*', '-', 'g'))`;

/** A subcategory counts as active when it and its card both are: only then can it be sold. */
const isActive = and(eq(giftCardSubcategories.active, true), eq(giftCards.active, true));

function whereOf(filter: RateSheetWhere): SQL | undefined {
  const card = filter.card?.trim().toLowerCase();
  return and(
    card ? like(sql`lower(${giftCards.name})`, `%${card.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    filter.currency ? eq(giftCardSubcategories.currency, filter.currency) : undefined,
    filter.active === undefined ? undefined : filter.active ? isActive : sql`not (${isActive})`,
  );
}

const columns = {
  subcategory: giftCardSubcategories,
  cardName: giftCards.name,
  cardActive: giftCards.active,
};

/** The sheet in the public order: cards as the catalog lists them, then their subcategories. */
const sheetOrder = [
  asc(giftCards.sortOrder),
  asc(giftCards.name),
  asc(giftCards.id),
  asc(giftCardSubcategories.sortOrder),
  asc(giftCardSubcategories.name),
  asc(giftCardSubcategories.id),
];

const fromSheet = (tx: Executor) =>
  tx
    .select(columns)
    .from(giftCardSubcategories)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId));

export async function listRateSheet(
  tx: Executor,
  filter: RateSheetWhere & { limit?: number; offset?: number },
) {
  const query = fromSheet(tx)
    .where(whereOf(filter))
    .orderBy(...sheetOrder);
  const rows = await (filter.limit === undefined
    ? query
    : query.limit(filter.limit).offset(filter.offset ?? 0));
  return rows;
}

/** Where a row stands in the sheet's order; undefined when there is no such subcategory. */
async function findSheetPosition(tx: Executor, subcategoryId: string) {
  const [position] = await tx
    .select({
      cardSortOrder: giftCards.sortOrder,
      cardName: giftCards.name,
      cardId: giftCards.id,
      sortOrder: giftCardSubcategories.sortOrder,
      name: giftCardSubcategories.name,
      id: giftCardSubcategories.id,
    })
    .from(giftCardSubcategories)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .where(eq(giftCardSubcategories.id, subcategoryId));
  return position;
}

/**
 * The `limit` rows that follow a row in the sheet's order (keyset paging), or undefined when
 * the row does not exist. Two index walks, each stopping after `limit` rows: the rest of that
 * row's card, then the cards after it. A row comparison across the join would need an OR that
 * no index serves.
 */
export async function listRateSheetAfter(
  tx: Executor,
  filter: RateSheetWhere & { after: string; limit: number },
) {
  const at = await findSheetPosition(tx, filter.after);
  if (!at) return undefined;
  const sameCard = await fromSheet(tx)
    .where(
      and(
        whereOf(filter),
        eq(giftCards.id, at.cardId),
        sql`(${giftCardSubcategories.sortOrder}, ${giftCardSubcategories.name}, ${giftCardSubcategories.id}) > (${at.sortOrder}, ${at.name}, ${at.id})`,
      ),
    )
    .orderBy(...sheetOrder)
    .limit(filter.limit);
  if (sameCard.length === filter.limit) return sameCard;
  const laterCards = await fromSheet(tx)
    .where(
      and(
        whereOf(filter),
        sql`(${giftCards.sortOrder}, ${giftCards.name}, ${giftCards.id}) > (${at.cardSortOrder}, ${at.cardName}, ${at.cardId})`,
      ),
    )
    .orderBy(...sheetOrder)
    .limit(filter.limit - sameCard.length);
  return [...sameCard, ...laterCards];
}

export async function countRateSheet(tx: Executor, filter: RateSheetWhere): Promise<number> {
  const counted = tx.select({ value: count() }).from(giftCardSubcategories);
  // Every subcategory has its card, so only a filter on the card needs the join (a hash join of
  // the whole sheet cost more than the page itself in the bench).
  const needsCard = Boolean(filter.card?.trim()) || filter.active !== undefined;
  const [total] = await (
    needsCard
      ? counted.innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
      : counted
  ).where(whereOf(filter));
  return total?.value ?? 0;
}

/** The rows a pasted sheet names, by id or by "Card / Subcategory" label (any case). */
export function findRateSheetRows(tx: Executor, keys: { ids: string[]; labels: string[] }) {
  return fromSheet(tx)
    .where(
      or(
        keys.ids.length > 0 ? inArray(giftCardSubcategories.id, keys.ids) : undefined,
        keys.labels.length > 0 ? inArray(labelKey, keys.labels) : undefined,
      ),
    )
    .orderBy(...sheetOrder);
}

/** One row's rates from the opening of the window on, oldest first, as PostgreSQL sends them. */
type RateHistoryRow = {
  subcategory_id: string;
  /** Kobo, as text (int8). */
  rates: string[];
  /** Milliseconds since the epoch, one per rate. */
  at_ms: number[];
  /** Who made the latest change; null for the seed and the system. */
  last_by: string | null;
};

/**
 * For each subcategory of a page, in one query whatever the page size: the rate in force when
 * the window opened and every change inside it, oldest first, as two arrays, and who made the
 * latest. Arrays of numbers, not a row per change: a page has up to 1,500 changes, and mapping
 * each into an object with a Date cost more than everything else the read does (profile in
 * decision 029).
 */
export async function listRateHistories(tx: Executor, options: { ids: string[]; from: Date }) {
  if (options.ids.length === 0) return [];
  // One array parameter (drizzle would spread a JS array into a list of parameters).
  const ids = sql`${`{${options.ids.join(',')}}`}::uuid[]`;
  const from = options.from.toISOString();
  const found = await tx.execute<RateHistoryRow>(sql`
    select h.subcategory_id,
           array_agg(h.rate_kobo order by h.changed_at) as rates,
           array_agg((extract(epoch from h.changed_at) * 1000)::float8 order by h.changed_at) as at_ms,
           (array_agg(h.changed_by_user_id order by h.changed_at desc))[1] as last_by
    from (
      (select distinct on (subcategory_id) subcategory_id, rate_kobo, changed_at, changed_by_user_id
         from rate_changes
        where subcategory_id = any(${ids}) and changed_at <= ${from}
        order by subcategory_id, changed_at desc)
      union all
      -- No upper bound: the closing rates stop at today's end anyway, and the last change read
      -- must be the latest one.
      (select subcategory_id, rate_kobo, changed_at, changed_by_user_id
         from rate_changes
        where subcategory_id = any(${ids}) and changed_at > ${from})
    ) as h
    group by h.subcategory_id`);
  return found.rows;
}

/** The names of the people who made a page's latest changes (at most one per row). */
export function listAuthors(tx: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
}
