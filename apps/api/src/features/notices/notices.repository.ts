import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notices } from '../../db/schema/notices';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = typeof notices.$inferInsert;

export async function insertNotice(tx: Executor, values: NewNotice) {
  const [row] = await tx.insert(notices).values(values).returning({ id: notices.id });
  if (!row) throw new Error('notice insert returned nothing');
  return row;
}

export async function listNoticesOf(
  tx: Executor,
  options: { userId: string; limit: number; offset: number },
) {
  const mine = eq(notices.userId, options.userId);
  const [rows, [all], [unread]] = await Promise.all([
    tx
      .select()
      .from(notices)
      .where(mine)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(options.limit)
      .offset(options.offset),
    tx.select({ total: count() }).from(notices).where(mine),
    tx
      .select({ total: count() })
      .from(notices)
      .where(and(mine, isNull(notices.readAt))),
  ]);
  return { rows, total: all?.total ?? 0, unread: unread?.total ?? 0 };
}

/** Marks every unread notice of the user read; answers how many it marked. */
export async function markNoticesRead(tx: Executor, options: { userId: string; at: Date }) {
  const marked = await tx
    .update(notices)
    .set({ readAt: options.at })
    .where(and(eq(notices.userId, options.userId), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return marked.length;
}
