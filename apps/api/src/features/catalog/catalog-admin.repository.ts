import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { giftCards, giftCardSubcategories, rateChanges } from '../../db/schema/catalog';
import type { GiftCardRow, SubcategoryRow } from './catalog.repository';

type NewCard = typeof giftCards.$inferInsert;
type NewSubcategory = typeof giftCardSubcategories.$inferInsert;

/** Operators see every card, active or not, in the public order. */
export async function listAllCards(tx: Executor, options: { limit: number; offset: number }) {
  const rows = await tx
    .select()
    .from(giftCards)
    .orderBy(asc(giftCards.sortOrder), asc(giftCards.name), asc(giftCards.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx.select({ value: count() }).from(giftCards);
  return { rows, total: total?.value ?? 0 };
}

export function listAllSubcategories(tx: Executor, cardId: string) {
  return tx
    .select()
    .from(giftCardSubcategories)
    .where(eq(giftCardSubcategories.giftCardId, cardId))
    .orderBy(asc(giftCardSubcategories.sortOrder), asc(giftCardSubcategories.name));
}

export async function insertCard(tx: Executor, values: NewCard): Promise<GiftCardRow> {
  const [row] = await tx.insert(giftCards).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function lockCard(tx: Executor, id: string): Promise<GiftCardRow | undefined> {
  const [row] = await tx.select().from(giftCards).where(eq(giftCards.id, id)).for('update');
  return row;
}

export async function updateCard(tx: Executor, id: string, values: Partial<NewCard>) {
  const [row] = await tx.update(giftCards).set(values).where(eq(giftCards.id, id)).returning();
  if (!row) throw new Error('update matched no row');
  return row;
}

/** Whether any card still shows the stored image under key. */
export async function isImageKeyInUse(tx: Executor, imageKey: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(eq(giftCards.imageKey, imageKey))
    .limit(1);
  return row !== undefined;
}

export async function insertSubcategory(
  tx: Executor,
  values: NewSubcategory,
): Promise<SubcategoryRow> {
  const [row] = await tx.insert(giftCardSubcategories).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Locked in id order, so two rate sheets touching the same rows cannot deadlock. */
export function lockSubcategories(tx: Executor, ids: string[]): Promise<SubcategoryRow[]> {
  return tx
    .select()
    .from(giftCardSubcategories)
    .where(inArray(giftCardSubcategories.id, ids))
    .orderBy(asc(giftCardSubcategories.id))
    .for('update');
}

export async function updateSubcategory(
  tx: Executor,
  id: string,
  values: Partial<NewSubcategory>,
): Promise<SubcategoryRow> {
  const [row] = await tx
    .update(giftCardSubcategories)
    .set(values)
    .where(eq(giftCardSubcategories.id, id))
    .returning();
  if (!row) throw new Error('update matched no row');
  return row;
}

export async function insertRateChanges(
  tx: Executor,
  values: (typeof rateChanges.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(rateChanges).values(values);
}
