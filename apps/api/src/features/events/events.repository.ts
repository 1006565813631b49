import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { EventType } from '@karta/shared/schemas/events';
import type { Executor } from '../../db/client';
import { events } from '../../db/schema/events';

export type EventRow = typeof events.$inferSelect;

/** The channel every API process LISTENs on; a notification's payload is one event's id. */
export const EVENTS_CHANNEL = 'karta_events';

/**
 * Writes the event and queues its NOTIFY in one statement of the caller's transaction:
 * PostgreSQL delivers a NOTIFY only when its transaction commits, and never when it rolls back.
 */
export async function insertEvent(
  tx: Executor,
  values: { userId: string | null; type: EventType; data: unknown },
) {
  await tx.execute(sql`
    with inserted as (
      insert into ${events} (user_id, type, data)
      values (${values.userId}, ${values.type}, ${JSON.stringify(values.data)}::jsonb)
      returning id
    )
    select pg_notify(${EVENTS_CHANNEL}, id::text) from inserted`);
}

/** The events of these ids (the notifications of one moment, read at once). */
export async function findEvents(tx: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return tx.select().from(events).where(inArray(events.id, ids)).orderBy(asc(events.id));
}

/**
 * The ids before `seenId` whose transactions were still running when `seenId`'s row was written
 * (its snapshot): ids are taken in insert order, commits come in any order, so a reader who has
 * seen `seenId` may not have seen these, which committed after it. Only transactions at or past
 * the snapshot's oldest running one can be among them, which the txid index finds. None when
 * `seenId` is no longer kept (or never was).
 */
async function committedLateIds(tx: Executor, seenId: number) {
  const { rows } = await tx.execute<{ id: string }>(sql`
    select late.id from ${events} seen
      join ${events} late on late.txid >= pg_snapshot_xmin(seen.snapshot)
    where seen.id = ${seenId}
      and late.id < seen.id
      and late.txid <> seen.txid
      and not pg_visible_in_snapshot(late.txid, seen.snapshot)`);
  return rows.map((row) => Number(row.id));
}

/** After `seenId`, or before it but committed after it (see committedLateIds). */
async function missedSince(tx: Executor, seenId: number) {
  const late = await committedLateIds(tx, seenId);
  return late.length === 0
    ? gt(events.id, seenId)
    : or(gt(events.id, seenId), inArray(events.id, late));
}

/**
 * Every event a listener that had `afterId` may have missed while it reconnected, oldest first
 * (an event it did hear may come again: the hub skips the ids it has just dispatched).
 */
export async function eventsAfter(tx: Executor, afterId: number, limit: number) {
  return tx
    .select()
    .from(events)
    .where(await missedSince(tx, afterId))
    .orderBy(asc(events.id))
    .limit(limit);
}

/** The highest id so far (0 when there is none): where a fresh listener starts. */
export async function latestEventId(tx: Executor): Promise<number> {
  const [row] = await tx.select({ id: sql<string | null>`max(${events.id})` }).from(events);
  return Number(row?.id ?? 0);
}

/**
 * A user's events after `afterId` within the last `windowMs` (and the staff's too, for staff),
 * oldest first, with those before it that committed after it (see committedLateIds): such an
 * event may reach a client twice, never not at all. The window is read on the database's
 * clock, which wrote `created_at`.
 */
export async function replayFor(
  tx: Executor,
  options: { userId: string; isStaff: boolean; afterId: number; windowMs: number; limit: number },
) {
  const audience = options.isStaff
    ? or(eq(events.userId, options.userId), isNull(events.userId))
    : eq(events.userId, options.userId);
  return tx
    .select()
    .from(events)
    .where(
      and(
        audience,
        await missedSince(tx, options.afterId),
        gte(events.createdAt, sinceMs(options.windowMs)),
      ),
    )
    .orderBy(asc(events.id))
    .limit(options.limit);
}

const sinceMs = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

/** Removes the events older than `windowMs` (the database's clock); answers how many went. */
export async function deleteEventsOlderThan(tx: Executor, windowMs: number) {
  const deleted = await tx
    .delete(events)
    .where(lt(events.createdAt, sinceMs(windowMs)))
    .returning({ id: events.id });
  return deleted.length;
}
