import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The console overview's running totals (issue 12, decision 022). Triggers on `trades`,
 * `withdrawals`, `referrals` and `users` keep all three tables in the transaction of each change,
 * so the overview reads a few dozen rows instead of scanning a million trades. Metrics are text
 * (`trades.pending`, `withdrawals.successful`, …), so a new status needs no migration here.
 */

/** What stands now: how many trades and withdrawals are in each status, and their kobo. */
export const overviewGauges = pgTable(
  'overview_gauges',
  {
    metric: text('metric').primaryKey(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    kobo: bigint('kobo', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [check('overview_gauges_not_negative', sql`${t.n} >= 0 and ${t.kobo} >= 0`)],
);

/** What happened on each Lagos day: decisions, credits, rewards, payouts, registrations. */
export const overviewDaily = pgTable(
  'overview_daily',
  {
    /** The Lagos calendar day (Africa/Lagos, UTC+1) of the event. */
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    kobo: bigint('kobo', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
);

/**
 * How long the trades decided on each Lagos day waited from submission to decision, as a
 * histogram: the median and 90th percentile are read from a few hundred rows at most.
 * `bucket` is the upper edge in seconds: whole minutes up to two hours, ten minutes up to a
 * day, whole hours beyond (`overview_duration_bucket` in the migration).
 */
export const overviewDecisionTimes = pgTable(
  'overview_decision_times',
  {
    day: date('day', { mode: 'string' }).notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.bucket] })],
);
