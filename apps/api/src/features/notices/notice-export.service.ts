import { asc, eq } from 'drizzle-orm';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { notices } from '../../db/schema/notices';

/** Every notice the seller was given, oldest first, with when they read it. */
export async function exportNotices(tx: Executor, userId: string): Promise<DataExport['notices']> {
  const rows = await tx
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(asc(notices.createdAt), asc(notices.id));
  return rows.map((row) => ({
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  }));
}
