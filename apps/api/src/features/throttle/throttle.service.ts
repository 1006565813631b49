import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateCounters } from '../../db/schema/rate-counters';
import { preparedOnce } from '../../lib/prepared-once';

export interface ThrottleRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

const windowStartOf = (now: Date, windowSeconds: number) =>
  new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);

const windowsOfKeys = preparedOnce((db) =>
  db
    .select()
    .from(rateCounters)
    .where(sql`${rateCounters.key} = any(${sql.placeholder('keys')}::text[])`)
    .prepare('rate_counter_windows'),
);

/** What `readHits` found: the rules' counts in their current windows, and any rows at all. */
export interface Hits {
  /** Seconds until `rule` (one of those read) allows again, or 0 when it allows now. */
  secondsUntilAllowed(rule: ThrottleRule): number;
  /** Whether `key` has a row in any window: only then is there something for clearHits. */
  hasAny(key: string): boolean;
}

/**
 * Every window of these rules' keys, in one prepared statement (prepared as decision 047 says: sign-in read its two
 * counters one after the other, then always deleted the account's, mostly nothing). A key has
 * its current window and at most an old one, which its next hit or clear deletes.
 */
export async function readHits(db: Database, rules: ThrottleRule[], now: Date): Promise<Hits> {
  const rows = await windowsOfKeys(db).execute({ keys: rules.map((rule) => rule.key) });
  return {
    secondsUntilAllowed(rule) {
      const windowStart = windowStartOf(now, rule.windowSeconds);
      const row = rows.find(
        (each) => each.key === rule.key && each.windowStart.getTime() === windowStart.getTime(),
      );
      if (!row || row.count < rule.limit) return 0;
      return Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000);
    },
    hasAny: (key) => rows.some((row) => row.key === key),
  };
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

/**
 * Counts one attempt against every rule, then answers the seconds until the attempt would be
 * allowed: 0 when every count is within its limit. Counted first and read from the write, so
 * attempts sent at once cannot all pass a check made before any was counted (each upsert waits
 * for the row's lock); an attempt refused still counts, in the same window. The keys are
 * written in one order, so two attempts sharing keys never wait on each other in a circle.
 */
export async function countAttempt(
  db: Database,
  rules: ThrottleRule[],
  now: Date,
): Promise<number> {
  const sorted = [...rules].sort((a, b) => a.key.localeCompare(b.key));
  const counted = await db
    .insert(rateCounters)
    .values(
      sorted.map((rule) => ({
        key: rule.key,
        windowStart: windowStartOf(now, rule.windowSeconds),
        count: 1,
      })),
    )
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { count: sql`${rateCounters.count} + 1` },
    })
    .returning({ key: rateCounters.key, count: rateCounters.count });
  // Earlier windows of these keys are of no further use (the earliest current window bounds
  // them all, so no rule's current window goes).
  const earliest = Math.min(
    ...sorted.map((rule) => windowStartOf(now, rule.windowSeconds).getTime()),
  );
  await db.delete(rateCounters).where(
    and(
      inArray(
        rateCounters.key,
        sorted.map((rule) => rule.key),
      ),
      lt(rateCounters.windowStart, new Date(earliest)),
    ),
  );
  let wait = 0;
  for (const rule of sorted) {
    const count = counted.find((row) => row.key === rule.key)?.count ?? 0;
    if (count <= rule.limit) continue;
    const windowEnd = windowStartOf(now, rule.windowSeconds).getTime() + rule.windowSeconds * 1000;
    wait = Math.max(wait, Math.ceil((windowEnd - now.getTime()) / 1000));
  }
  return wait;
}
