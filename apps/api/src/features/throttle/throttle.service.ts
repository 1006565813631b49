import { and, eq, lt, sql } from 'drizzle-orm';
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
 * Every window of these rules' keys, in one prepared statement (issue 16: sign-in read its two
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
