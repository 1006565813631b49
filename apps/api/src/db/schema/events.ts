import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgEnum, pgTable } from 'drizzle-orm/pg-core';
import { EVENT_TYPES } from '@karta/shared/schemas/events';
import { createdAt, reference } from '../columns';
import { users } from './users';

export const eventType = pgEnum('event_type', EVENT_TYPES);

/**
 * What the live stream tells (decision 069): one row per event, written in the transaction of
 * the change it tells of, with a NOTIFY of its id, so it is delivered after the commit and never
 * for a change that was rolled back. The id is the stream's `id:` line; a client that comes back
 * with `Last-Event-ID` is sent the rows after it. Kept 24 hours, then pruned by a periodic job.
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
  ],
);
