import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { openStreams } from '../../db/schema/open-streams';

/** `seen_at` within the last `ms`, on the database's clock (one clock for every process). */
const seenWithin = (ms: number) =>
  sql`${openStreams.seenAt} > now() - make_interval(secs => ${ms / 1000})`;

/** The streams a process holds, written when they open (several at once after a gap). */
export async function insertOpenStreams(
  tx: Executor,
  rows: { processId: string; streamId: number; userId: string }[],
) {
  if (rows.length === 0) return;
  await tx.insert(openStreams).values(rows).onConflictDoNothing();
}

/** Every stream of a process: it is stopping. */
export async function deleteProcessStreams(tx: Executor, processId: string) {
  await tx.delete(openStreams).where(eq(openStreams.processId, processId));
}

/**
 * The heartbeat: every row of the process seen now, in one statement. Answers the streams it
 * found, so the process can mend what the database holds (a row a sweep removed while the
 * process could not reach it, a close whose delete failed).
 */
export async function touchProcessStreams(tx: Executor, processId: string) {
  const touched = await tx
    .update(openStreams)
    .set({ seenAt: sql`now()` })
    .where(eq(openStreams.processId, processId))
    .returning({ streamId: openStreams.streamId });
  return touched.map((row) => row.streamId);
}

/** Some of a process's streams, which it no longer holds. */
export async function deleteOpenStreams(tx: Executor, processId: string, streamIds: number[]) {
  if (streamIds.length === 0) return;
  await tx
    .delete(openStreams)
    .where(and(eq(openStreams.processId, processId), inArray(openStreams.streamId, streamIds)));
}

/** Whether the user holds a stream seen within `freshMs` on any process. */
export async function hasFreshStream(tx: Executor, userId: string, freshMs: number) {
  const [row] = await tx
    .select({ found: sql<number>`1` })
    .from(openStreams)
    .where(and(eq(openStreams.userId, userId), seenWithin(freshMs)))
    .limit(1);
  return row !== undefined;
}

/** How many streams the user holds seen within `freshMs`, on every process. */
export async function countFreshStreams(tx: Executor, userId: string, freshMs: number) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(openStreams)
    .where(and(eq(openStreams.userId, userId), seenWithin(freshMs)));
  return row?.count ?? 0;
}

/** Removes the rows not seen for `staleMs` (a process that died without closing its streams). */
export async function deleteStaleStreams(tx: Executor, staleMs: number) {
  const deleted = await tx
    .delete(openStreams)
    .where(sql`not (${seenWithin(staleMs)})`)
    .returning({ streamId: openStreams.streamId });
  return deleted.length;
}
