import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateCounters } from '../../db/schema/rate-counters';

export interface ThrottleRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

const windowStartOf = (now: Date, windowSeconds: number) =>
  new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);

/** Seconds until the rule allows again, or 0 when it allows now. */
export async function secondsUntilAllowed(db: Database, rule: ThrottleRule, now: Date) {
  const windowStart = windowStartOf(now, rule.windowSeconds);
  const [row] = await db
    .select({ count: rateCounters.count })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, rule.key), eq(rateCounters.windowStart, windowStart)));
  if (!row || row.count < rule.limit) return 0;
  return Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000);
}

export async function recordHit(db: Database, rule: ThrottleRule, now: Date) {
  const windowStart = windowStartOf(now, rule.windowSeconds);
  await db
    .insert(rateCounters)
    .values({ key: rule.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { count: sql`${rateCounters.count} + 1` },
    });
  // Old windows of this key are of no further use.
  await db
    .delete(rateCounters)
    .where(and(eq(rateCounters.key, rule.key), lt(rateCounters.windowStart, windowStart)));
}

export async function clearHits(db: Database, key: string) {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}
