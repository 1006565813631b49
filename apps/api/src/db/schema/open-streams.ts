import { index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { reference, timestamptz } from '../columns';
import { users } from './users';

/**
 * Who holds a live stream now, on any API process (decision 079): a row per open stream,
 * written when it opens, its `seen_at` moved by its process every heartbeat, deleted when it
 * closes. A row counts only while `seen_at` is recent (the database's clock), so the rows of a
 * process killed without closing its streams stop counting by themselves; the hourly prune
 * removes them. No index on `seen_at`: the heartbeat's update stays a HOT update.
 */
export const openStreams = pgTable(
  'open_streams',
  {
    /** The API process holding the stream: a random id it takes at start. */
    processId: uuid('process_id').notNull(),
    /** The stream's number within its process. */
    streamId: integer('stream_id').notNull(),
    userId: reference('user_id', () => users.id).notNull(),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.processId, t.streamId] }),
    // "Is this seller connected?": the mail asks it for each staff message.
    index('open_streams_user_id_idx').on(t.userId),
  ],
);
