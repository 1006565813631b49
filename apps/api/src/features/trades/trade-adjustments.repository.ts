import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { tradeAdjustments } from '../../db/schema/trade-adjustments';
import { users } from '../../db/schema/users';

type AdjustmentColumns = typeof tradeAdjustments.$inferSelect;

/** An adjustment with the names the console shows: who made it, who decided a waiting one. */
export type TradeAdjustmentRow = AdjustmentColumns & {
  adjustedByName: string;
  decidedByName: string | null;
};

export async function insertAdjustment(tx: Executor, values: typeof tradeAdjustments.$inferInsert) {
  const [row] = await tx.insert(tradeAdjustments).values(values).returning();
  if (!row) throw new Error('trade adjustment insert returned nothing');
  return row;
}

export async function findAdjustmentByKey(tx: Executor, tradeId: string, key: string) {
  const [row] = await tx
    .select()
    .from(tradeAdjustments)
    .where(and(eq(tradeAdjustments.tradeId, tradeId), eq(tradeAdjustments.idempotencyKey, key)));
  return row;
}

/** One adjustment of one trade, locked for its second admin's decision. */
export async function lockAdjustment(tx: Executor, tradeId: string, id: string) {
  const [row] = await tx
    .select()
    .from(tradeAdjustments)
    .where(and(eq(tradeAdjustments.tradeId, tradeId), eq(tradeAdjustments.id, id)))
    .for('update');
  return row;
}

/** The one decision a waiting adjustment takes (the migration's trigger allows nothing else). */
export async function decideAdjustment(
  tx: Executor,
  id: string,
  values: Pick<AdjustmentColumns, 'status' | 'decidedByUserId' | 'decidedAt' | 'returnReason'>,
) {
  const [row] = await tx
    .update(tradeAdjustments)
    .set(values)
    .where(eq(tradeAdjustments.id, id))
    .returning();
  if (!row) throw new Error(`trade adjustment ${id} vanished`);
  return row;
}

const decider = alias(users, 'decider');

/** The adjustments of these trades, oldest first (the unique index on trade_id serves it). */
export async function listAdjustments(
  tx: Executor,
  tradeIds: string[],
): Promise<TradeAdjustmentRow[]> {
  if (tradeIds.length === 0) return [];
  const rows = await tx
    .select({
      adjustment: tradeAdjustments,
      adjustedByName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      decidedByName: sql<string | null>`${decider.firstName} || ' ' || ${decider.lastName}`,
    })
    .from(tradeAdjustments)
    .innerJoin(users, eq(users.id, tradeAdjustments.adjustedByUserId))
    .leftJoin(decider, eq(decider.id, tradeAdjustments.decidedByUserId))
    .where(inArray(tradeAdjustments.tradeId, tradeIds))
    .orderBy(asc(tradeAdjustments.createdAt), asc(tradeAdjustments.id));
  return rows.map(({ adjustment, adjustedByName, decidedByName }) => ({
    ...adjustment,
    adjustedByName,
    decidedByName,
  }));
}
