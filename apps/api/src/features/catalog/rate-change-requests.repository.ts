import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { giftCards, giftCardSubcategories } from '../../db/schema/catalog';
import { rateChangeRequests } from '../../db/schema/rate-change-requests';
import { users } from '../../db/schema/users';

export type RateChangeRequestRow = typeof rateChangeRequests.$inferSelect;
type NewRateChangeRequest = typeof rateChangeRequests.$inferInsert;

const isWaiting = eq(rateChangeRequests.status, 'waiting');

/**
 * Ends the waiting requests of these subcategories: a newer rate asked for one replaces the
 * older (one waiting request per subcategory, the partial unique index). The caller holds the
 * subcategories' row locks, so no other request for them is written meanwhile.
 */
export async function supersedeWaiting(
  tx: Executor,
  options: { subcategoryIds: string[]; byUserId: string; at: Date },
): Promise<RateChangeRequestRow[]> {
  if (options.subcategoryIds.length === 0) return [];
  return tx
    .update(rateChangeRequests)
    .set({ status: 'superseded', decidedByUserId: options.byUserId, decidedAt: options.at })
    .where(and(isWaiting, inArray(rateChangeRequests.subcategoryId, options.subcategoryIds)))
    .returning();
}

export async function insertRequests(
  tx: Executor,
  values: NewRateChangeRequest[],
): Promise<RateChangeRequestRow[]> {
  if (values.length === 0) return [];
  return tx.insert(rateChangeRequests).values(values).returning();
}

export async function findRequest(
  tx: Executor,
  id: string,
): Promise<RateChangeRequestRow | undefined> {
  const [row] = await tx.select().from(rateChangeRequests).where(eq(rateChangeRequests.id, id));
  return row;
}

/** The request under a row lock, for a decision: two decisions on one request take turns. */
export async function lockRequest(
  tx: Executor,
  id: string,
): Promise<RateChangeRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(rateChangeRequests)
    .where(eq(rateChangeRequests.id, id))
    .for('update');
  return row;
}

export async function decideRequest(
  tx: Executor,
  id: string,
  decision: {
    status: 'confirmed' | 'returned';
    byUserId: string;
    at: Date;
    returnReason?: string;
  },
): Promise<void> {
  await tx
    .update(rateChangeRequests)
    .set({
      status: decision.status,
      decidedByUserId: decision.byUserId,
      decidedAt: decision.at,
      returnReason: decision.returnReason ?? null,
    })
    .where(eq(rateChangeRequests.id, id));
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** A request with what the console shows beside it: the card, the rate now and the names. */
const viewColumns = {
  request: rateChangeRequests,
  cardName: giftCards.name,
  subcategoryName: giftCardSubcategories.name,
  currency: giftCardSubcategories.currency,
  currentKobo: giftCardSubcategories.rateKobo,
  requesterName: sql<string>`${requester.firstName} || ' ' || ${requester.lastName}`,
  deciderName: sql<string | null>`${decider.firstName} || ' ' || ${decider.lastName}`,
};

export type RateChangeRequestViewRow = {
  request: RateChangeRequestRow;
  cardName: string;
  subcategoryName: string;
  currency: string;
  currentKobo: bigint;
  requesterName: string;
  deciderName: string | null;
};

const selectViews = (tx: Executor) =>
  tx
    .select(viewColumns)
    .from(rateChangeRequests)
    .innerJoin(
      giftCardSubcategories,
      eq(giftCardSubcategories.id, rateChangeRequests.subcategoryId),
    )
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .innerJoin(requester, eq(requester.id, rateChangeRequests.requestedByUserId))
    .leftJoin(decider, eq(decider.id, rateChangeRequests.decidedByUserId));

export async function findRequestView(tx: Executor, id: string): Promise<RateChangeRequestViewRow> {
  const [row] = await selectViews(tx).where(eq(rateChangeRequests.id, id));
  if (!row) throw new Error('rate change request not found');
  return row;
}

/** The waiting requests, oldest first, off the (status, created_at) index; and how many. */
export async function listWaitingViews(
  tx: Executor,
  options: { limit: number; offset: number },
): Promise<{ rows: RateChangeRequestViewRow[]; total: number }> {
  const rows = await selectViews(tx)
    .where(isWaiting)
    .orderBy(asc(rateChangeRequests.createdAt), asc(rateChangeRequests.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx.select({ value: count() }).from(rateChangeRequests).where(isWaiting);
  return { rows, total: total?.value ?? 0 };
}
