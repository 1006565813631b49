import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  integer,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/**
 * The console overview's running totals (decision 022). Triggers on `trades`,
 * `withdrawals`, `referrals`, `users` and `ledger_postings` keep them in the transaction of each
 * change, so the overview and the books read a few dozen rows instead of scanning a million
 * trades. Metrics are text (`trades.pending`, `withdrawals.successful`, …), so a new status
 * needs no migration here.
 *
 * Each total is kept in shards (decision 048): a trigger adds to the row of its own database
 * session's shard (`overview_shard()` in migration 0029: one per live session), so concurrent
 * approvals no longer queue on one row per metric until they commit. Readers use the views
 * below, which sum the shards.
 */

const shard = () => smallint('shard').notNull().default(0);

/**
 * What stands now: how many trades and withdrawals are in each status, and their kobo. One
 * shard may go below zero (a trade counted into one shard leaves from another); their sum
 * cannot.
 */
export const overviewGaugeShards = pgTable(
  'overview_gauge_shards',
  {
    metric: text('metric').notNull(),
    shard: shard(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    kobo: bigint('kobo', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.metric, t.shard] })],
);

/** What happened on each Lagos day: decisions, credits, rewards, payouts, registrations. */
export const overviewDailyShards = pgTable(
  'overview_daily_shards',
  {
    /** The Lagos calendar day (Africa/Lagos, UTC+1) of the event. */
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    shard: shard(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    kobo: bigint('kobo', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.shard] })],
);

/**
 * How long the trades decided on each Lagos day waited from submission to decision, as a
 * histogram: the median and 90th percentile are read from a few hundred rows at most.
 * `bucket` is the upper edge in seconds: whole minutes up to two hours, ten minutes up to a
 * day, whole hours beyond (`overview_duration_bucket` in the migration).
 */
export const overviewDecisionTimeShards = pgTable(
  'overview_decision_time_shards',
  {
    day: date('day', { mode: 'string' }).notNull(),
    bucket: integer('bucket').notNull(),
    shard: shard(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.bucket, t.shard] })],
);

/** The gauges, their shards summed (a view of migration 0029). */
export const overviewGauges = pgView('overview_gauges', {
  metric: text('metric').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  kobo: bigint('kobo', { mode: 'bigint' }).notNull(),
}).existing();

/** The Lagos days' totals, their shards summed (a view of migration 0029). */
export const overviewDaily = pgView('overview_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  metric: text('metric').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  kobo: bigint('kobo', { mode: 'bigint' }).notNull(),
}).existing();

/** The decision-time histogram, its shards summed (a view of migration 0029). */
export const overviewDecisionTimes = pgView('overview_decision_times', {
  day: date('day', { mode: 'string' }).notNull(),
  bucket: integer('bucket').notNull(),
  n: integer('n').notNull(),
}).existing();
