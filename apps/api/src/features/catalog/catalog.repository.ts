import { and, asc, count, desc, eq, gt, like, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { giftCards, giftCardSubcategories, rateChanges } from '../../db/schema/catalog';

export type GiftCardRow = typeof giftCards.$inferSelect;
export type SubcategoryRow = typeof giftCardSubcategories.$inferSelect;

/** `lower(name) like '%text%'`, with the user's own % and _ taken literally. */
const nameContains = (column: AnyPgColumn, text: string) =>
  like(sql`lower(${column})`, `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);

const isListedCard = eq(giftCards.active, true);
const cardOrder = [asc(giftCards.sortOrder), asc(giftCards.name), asc(giftCards.id)];

export function listActiveCards(tx: Executor, options: { limit: number; offset: number }) {
  return tx
    .select()
    .from(giftCards)
    .where(isListedCard)
    .orderBy(...cardOrder)
    .limit(options.limit)
    .offset(options.offset);
}

export async function countActiveCards(tx: Executor): Promise<number> {
  const [total] = await tx.select({ value: count() }).from(giftCards).where(isListedCard);
  return total?.value ?? 0;
}

export function searchActiveCards(tx: Executor, options: { text: string; limit: number }) {
  return tx
    .select()
    .from(giftCards)
    .where(and(isListedCard, nameContains(giftCards.name, options.text)))
    .orderBy(...cardOrder)
    .limit(options.limit);
}

const prepareFindCard = (tx: Executor) =>
  tx
    .select()
    .from(giftCards)
    .where(eq(giftCards.id, sql.placeholder('id')))
    .prepare('catalog_find_card');

const isListedIn = (cardId: string) =>
  and(eq(giftCardSubcategories.giftCardId, cardId), eq(giftCardSubcategories.active, true));
const subcategoryOrder = [
  asc(giftCardSubcategories.sortOrder),
  asc(giftCardSubcategories.name),
  asc(giftCardSubcategories.id),
];

const isListedInPlaceholder = and(
  eq(giftCardSubcategories.giftCardId, sql.placeholder('cardId')),
  eq(giftCardSubcategories.active, true),
);

const prepareSubcategoryPage = (tx: Executor) =>
  tx
    .select()
    .from(giftCardSubcategories)
    .where(isListedInPlaceholder)
    .orderBy(...subcategoryOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalog_subcategory_page');

const prepareSubcategoryCount = (tx: Executor) =>
  tx
    .select({ value: count() })
    .from(giftCardSubcategories)
    .where(isListedInPlaceholder)
    .prepare('catalog_subcategory_count');

/**
 * The card page's statements (issue 16: drizzle rebuilt their SQL on every request, a fifth of
 * the subcategory list's CPU), prepared once per database as trades.repository.ts does:
 * PostgreSQL plans each once per connection and drizzle does not build it again.
 */
function preparedOnce<T>(prepare: (tx: Executor) => T) {
  const prepared = new WeakMap<Executor, T>();
  return (tx: Executor): T => {
    let query = prepared.get(tx);
    if (!query) {
      query = prepare(tx);
      prepared.set(tx, query);
    }
    return query;
  };
}

const findCardQuery = preparedOnce(prepareFindCard);
const subcategoryPageQuery = preparedOnce(prepareSubcategoryPage);
const subcategoryCountQuery = preparedOnce(prepareSubcategoryCount);

export async function findCard(tx: Executor, id: string): Promise<GiftCardRow | undefined> {
  const [row] = await findCardQuery(tx).execute({ id });
  return row;
}

export async function listActiveSubcategories(
  tx: Executor,
  options: { cardId: string; limit: number; offset: number },
) {
  const { cardId, limit, offset } = options;
  const rows = await subcategoryPageQuery(tx).execute({ cardId, limit, offset });
  const [total] = await subcategoryCountQuery(tx).execute({ cardId });
  return { rows, total: total?.value ?? 0 };
}

export function searchActiveSubcategories(
  tx: Executor,
  options: { cardId: string; text: string; limit: number },
) {
  return tx
    .select()
    .from(giftCardSubcategories)
    .where(and(isListedIn(options.cardId), nameContains(giftCardSubcategories.name, options.text)))
    .orderBy(...subcategoryOrder)
    .limit(options.limit);
}

/** A subcategory the public may see: itself and its card both active. */
export async function findListedSubcategory(tx: Executor, id: string) {
  const [row] = await tx
    .select({ subcategory: giftCardSubcategories })
    .from(giftCardSubcategories)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .where(
      and(eq(giftCardSubcategories.id, id), eq(giftCardSubcategories.active, true), isListedCard),
    )
    .limit(1);
  return row?.subcategory;
}

/** The rate in force at `at` (the latest change at or before it), and every change after it up to `until`. */
export async function listRateChangesFor(
  tx: Executor,
  options: { subcategoryId: string; from: Date; until: Date },
) {
  const bySubcategory = eq(rateChanges.subcategoryId, options.subcategoryId);
  const columns = { rateKobo: rateChanges.rateKobo, changedAt: rateChanges.changedAt };
  const [opening] = await tx
    .select(columns)
    .from(rateChanges)
    .where(and(bySubcategory, lte(rateChanges.changedAt, options.from)))
    .orderBy(desc(rateChanges.changedAt))
    .limit(1);
  const changes = await tx
    .select(columns)
    .from(rateChanges)
    .where(
      and(
        bySubcategory,
        gt(rateChanges.changedAt, options.from),
        lte(rateChanges.changedAt, options.until),
      ),
    )
    .orderBy(asc(rateChanges.changedAt));
  return opening ? [opening, ...changes] : changes;
}

export async function findCardBySlug(tx: Executor, slug: string) {
  const [row] = await tx.select().from(giftCards).where(eq(giftCards.slug, slug));
  return row;
}
