import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tradeAdjustments } from '../../db/schema/trade-adjustments';

export type TradeAdjustmentRow = typeof tradeAdjustments.$inferSelect;

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

/** The adjustments of these trades, oldest first (the unique index on trade_id serves it). */
export async function listAdjustments(tx: Executor, tradeIds: string[]) {
  if (tradeIds.length === 0) return [];
  return tx
    .select()
    .from(tradeAdjustments)
    .where(inArray(tradeAdjustments.tradeId, tradeIds))
    .orderBy(asc(tradeAdjustments.createdAt), asc(tradeAdjustments.id));
}
