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

/** Every event after `afterId`, oldest first: what a listener missed while it reconnected. */
export async function eventsAfter(tx: Executor, afterId: number, limit: number) {
  return tx
    .select()
    .from(events)
    .where(gt(events.id, afterId))
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
 * oldest first. The window is read on the database's clock, which wrote `created_at`.
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
        gt(events.id, options.afterId),
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
