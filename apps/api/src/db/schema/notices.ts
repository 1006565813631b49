import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { NOTICE_KINDS } from '@karta/shared/schemas/notices';
import { createdAt, reference, timestamptz, uuidKey } from '../columns';
import { users } from './users';

export const noticeKind = pgEnum('notice_kind', NOTICE_KINDS);

/**
 * What the bell in the dashboard header lists: one row per thing that happened to the seller,
 * written in the same transaction as the change it tells of, so a notice never tells of a change
 * that was rolled back and a change never goes untold. `read_at` is set when the seller opens
 * the bell; the words are kept as written then, like a sent mail.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    kind: noticeKind('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The web app's own path of what the notice is about (a trade, a withdrawal), if any. */
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('notices_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread count is read on every dashboard page: only the few unread rows are indexed.
    index('notices_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
