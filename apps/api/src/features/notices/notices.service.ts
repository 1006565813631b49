import type { Notice, NoticeKind, NoticeList } from '@karta/shared/schemas/notices';
import type { PageQuery } from '@karta/shared/schemas/common';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { offsetOf, pageMeta } from '../../lib/paging';
import { publishEvent } from '../events/events.service';
import { insertNotice, listNoticesOf, markNoticesRead, type NoticeRow } from './notices.repository';

/**
 * Tells a seller that something happened, in the caller's transaction: the notice stands or
 * falls with the change it tells of. Words are the seller's (docs/brand.md: what happened, the
 * amount, what happens next); `link` is a path of the web app.
 */
export async function recordNotice(
  tx: Executor,
  notice: {
    userId: string;
    kind: NoticeKind;
    title: string;
    body: string;
    link?: string | null;
    at: Date;
  },
) {
  const { id } = await insertNotice(tx, {
    userId: notice.userId,
    kind: notice.kind,
    title: notice.title,
    body: notice.body,
    link: notice.link ?? null,
    createdAt: notice.at,
  });
  // The bell hears of it live, after the same commit (decision 069).
  await publishEvent(tx, {
    userId: notice.userId,
    type: 'notice',
    data: { id, kind: notice.kind },
  });
}

const toNotice = (row: NoticeRow): Notice => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  created_at: row.createdAt.toISOString(),
  is_read: row.readAt !== null,
});

/** The user's notices, newest first, with the count of all their unread ones. */
export async function listUserNotices(
  ctx: AppContext,
  options: { userId: string; page: PageQuery },
): Promise<NoticeList> {
  const { rows, total, unread } = await listNoticesOf(ctx.db, {
    userId: options.userId,
    limit: options.page.size,
    offset: offsetOf(options.page),
  });
  return { data: rows.map(toNotice), meta: pageMeta(options.page, total), unread_count: unread };
}

/** The bell was opened: everything the user has been told so far is read. */
export async function readUserNotices(ctx: AppContext, options: { userId: string }) {
  await markNoticesRead(ctx.db, { userId: options.userId, at: ctx.clock.now() });
}
