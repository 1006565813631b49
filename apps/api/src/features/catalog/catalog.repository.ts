import { and, asc, count, desc, eq, gt, like, lte, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedOnce } from '../../lib/prepared-once';
import { giftCards, giftCardSubcategories, rateChanges } from '../../db/schema/catalog';

export type GiftCardRow = typeof giftCards.$inferSelect;
export type SubcategoryRow = typeof giftCardSubcategories.$inferSelect;

/** `lower(name) like '%text%'`, with the user's own % and _ taken literally. */
const nameContains = (column: AnyPgColumn, text: string) =>
  like(sql`lower(${column})`, `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);

const isListedCard = eq(giftCards.active, true);
const cardOrder = [asc(giftCards.sortOrder), asc(giftCards.name), asc(giftCards.id)];

const prepareCardPage = (tx: Executor) =>
  tx
    .select()
    .from(giftCards)
    .where(isListedCard)
    .orderBy(...cardOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalog_card_page');

export function listActiveCards(tx: Executor, options: { limit: number; offset: number }) {
  return cardPageQuery(tx).execute(options);
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

const countedSubcategories = alias(giftCardSubcategories, 'counted');

const prepareSubcategoryPage = (tx: Executor) =>
  tx
    .select({
      card: giftCards,
      subcategory: giftCardSubcategories,
      total: sql<number>`(select count(*)::int from ${giftCardSubcategories} as ${countedSubcategories}
        where ${countedSubcategories.giftCardId} = ${sql.placeholder('cardId')}
          and ${countedSubcategories.active})`,
    })
    .from(giftCardSubcategories)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .where(isListedInPlaceholder)
    .orderBy(...subcategoryOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalog_card_subcategory_page');

const prepareSubcategoryCount = (tx: Executor) =>
  tx
    .select({ value: count() })
    .from(giftCardSubcategories)
    .where(isListedInPlaceholder)
    .prepare('catalog_subcategory_count');

// The card page's statements (decision 047: drizzle rebuilt their SQL on every request, a fifth of
// the subcategory list's CPU), prepared once per database.
const cardPageQuery = preparedOnce(prepareCardPage);
const findCardQuery = preparedOnce(prepareFindCard);
const subcategoryPageQuery = preparedOnce(prepareSubcategoryPage);
const subcategoryCountQuery = preparedOnce(prepareSubcategoryCount);

export async function findCard(tx: Executor, id: string): Promise<GiftCardRow | undefined> {
  const [row] = await findCardQuery(tx).execute({ id });
  return row;
}

/**
 * A card and one page of its listed subcategories, with their total: one statement when the
 * page has a row to carry the card and the total; otherwise (an unknown or unlisted card, none
 * listed, a page past the end) the card and the count are read apart.
 */
export async function listCardSubcategories(
  tx: Executor,
  options: { cardId: string; limit: number; offset: number },
): Promise<{ card: GiftCardRow | undefined; rows: SubcategoryRow[]; total: number }> {
  const found = await subcategoryPageQuery(tx).execute(options);
  const [first] = found;
  if (first) {
    return { card: first.card, rows: found.map((row) => row.subcategory), total: first.total };
  }
  const card = await findCard(tx, options.cardId);
  if (!card) return { card, rows: [], total: 0 };
  const [total] = await subcategoryCountQuery(tx).execute({ cardId: options.cardId });
  return { card, rows: [], total: total?.value ?? 0 };
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
