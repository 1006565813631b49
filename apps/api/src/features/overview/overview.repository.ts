import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  overviewDaily,
  overviewDecisionTimes,
  overviewGauges,
} from '../../db/schema/overview-totals';
import { tradeAdjustments } from '../../db/schema/trade-adjustments';
import { trades } from '../../db/schema/trades';

/** A running total: how many, and how much money (kobo) they carry. */
export interface Total {
  n: number;
  kobo: bigint;
}
export type Totals = ReadonlyMap<string, Total>;

const toTotals = (rows: { metric: string; n: number; kobo: bigint }[]): Totals =>
  new Map(rows.map((row) => [row.metric, { n: row.n, kobo: row.kobo }]));

/** Every gauge: a dozen rows, one per trade and withdrawal status. */
export async function readGauges(tx: Executor): Promise<Totals> {
  return toTotals(await tx.select().from(overviewGauges));
}

/** One Lagos day's totals: a primary-key range of a dozen rows. */
export async function readDay(tx: Executor, day: string): Promise<Totals> {
  return toTotals(
    await tx
      .select({ metric: overviewDaily.metric, n: overviewDaily.n, kobo: overviewDaily.kobo })
      .from(overviewDaily)
      .where(eq(overviewDaily.day, day)),
  );
}

/** One Lagos day's decision-time histogram, shortest wait first. */
export async function readDecisionTimes(tx: Executor, day: string) {
  return tx
    .select({ bucket: overviewDecisionTimes.bucket, n: overviewDecisionTimes.n })
    .from(overviewDecisionTimes)
    .where(eq(overviewDecisionTimes.day, day))
    .orderBy(asc(overviewDecisionTimes.bucket));
}

/** The oldest pending trade's submission: one probe of `trades_status_created_idx`. */
export async function findOldestPendingAt(tx: Executor): Promise<Date | null> {
  const [row] = await tx
    .select({ createdAt: trades.createdAt })
    .from(trades)
    .where(eq(trades.status, 'pending'))
    .orderBy(asc(trades.createdAt), asc(trades.id))
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * Approved trades with an adjustment waiting for a second admin (decision 049): they wait in
 * the same queue as first approvals. Read off the partial index of waiting adjustments, which
 * holds only those, not off the table.
 */
export async function countTradesWithWaitingAdjustment(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${tradeAdjustments.tradeId})::int` })
    .from(tradeAdjustments)
    .where(eq(tradeAdjustments.status, 'awaiting_second_approval'));
  return row?.n ?? 0;
}
