import { sql } from 'drizzle-orm';
import { bigint, customType, index, jsonb, pgEnum, pgTable } from 'drizzle-orm/pg-core';
import { EVENT_TYPES } from '@karta/shared/schemas/events';
import { createdAt, reference } from '../columns';
import { users } from './users';

export const eventType = pgEnum('event_type', EVENT_TYPES);

/** A transaction's id as PostgreSQL 13+ gives it (64 bits, never wraps), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });
/** Which transactions were still running at a moment (`pg_current_snapshot()`), as text. */
const pgSnapshot = customType<{ data: string }>({ dataType: () => 'pg_snapshot' });

/**
 * What the live stream tells (decision 069): one row per event, written in the transaction of
 * the change it tells of, with a NOTIFY of its id, so it is delivered after the commit and never
 * for a change that was rolled back. The id is the stream's `id:` line; a client that comes back
 * with `Last-Event-ID` is sent the rows after it, and any before it that committed after it. Kept 24 hours, then pruned by a periodic job.
 * `user_id` null: the event is for staff (the console's queue), not for one seller.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: reference('user_id', () => users.id),
    type: eventType('type').notNull(),
    data: jsonb('data').notNull(),
    /** The database's time, like the window replay and prune read (one clock for all three). */
    createdAt: createdAt(),
    /**
     * The writing transaction, and the transactions still running when it wrote the row: ids
     * are taken in insert order but commits come in any order, so a reader who has seen this
     * event may yet miss an earlier id that committed later. Replay sends those too.
     */
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    snapshot: pgSnapshot('snapshot')
      .notNull()
      .default(sql`pg_current_snapshot()`),
  },
  (t) => [
    // Replay: a user's events after an id.
    index('events_user_id_idx').on(t.userId, t.id),
    // Replay for staff: the queue's events after an id.
    index('events_staff_id_idx')
      .on(t.id)
      .where(sql`${t.userId} is null`),
    // The prune takes what is older than 24 hours.
    index('events_created_idx').on(t.createdAt),
    // Replay: the events of transactions running when the last event seen was written.
    index('events_txid_idx').on(t.txid),
  ],
);
