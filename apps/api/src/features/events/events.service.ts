import type { EventPayloads, EventType } from '@karta/shared/schemas/events';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { deleteEventsOlderThan, insertEvent } from './events.repository';
import { countFreshStreams, deleteStaleStreams, hasFreshStream } from './open-streams.repository';

/** How long a stream can come back with `Last-Event-ID` and be told what it missed. */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Tells the live stream of a change (decision 069), in the caller's transaction: the event is
 * written with a NOTIFY of its id, so every API process hears of it after the commit, and no
 * stream ever hears of a change that was rolled back. `userId` is the seller it is for; `null`
 * sends it to staff (the console's queue). Call it where the change is made, with its `tx`.
 *
 *     await publishEvent(tx, { userId, type: 'message', data: { id, conversation_id, trade_id, status } })
 */
export async function publishEvent<T extends EventType>(
  tx: Executor,
  event: { userId: string | null; type: T; data: EventPayloads[T] },
) {
  await insertEvent(tx, { userId: event.userId, type: event.type, data: event.data });
}

/**
 * How recently a stream's row must have been seen to count (decision 079): its process marks it
 * every heartbeat (25 s), so one late heartbeat is forgiven; a process killed without closing its
 * streams stops counting this long after its last one.
 */
const STREAM_FRESH_MS = 60 * 1000;

/**
 * Whether the user holds a live stream now, on any API process (decision 079): the shared
 * record of open streams, on the database's clock. Read it in the transaction of the change
 * that wants to know, so the answer is the one of that moment.
 */
export const isUserConnected = (tx: Executor, userId: string) =>
  hasFreshStream(tx, userId, STREAM_FRESH_MS);

/**
 * How many live streams the user holds now, on every API process (decision 079's record): the
 * per-user cap counts these, so a sixth window is refused whichever process it reaches.
 */
export const countUserStreams = (tx: Executor, userId: string) =>
  countFreshStreams(tx, userId, STREAM_FRESH_MS);

/** Removes what is past the replay window: the hourly job's work. */
export async function pruneEvents(ctx: AppContext) {
  const removed = await deleteEventsOlderThan(ctx.db, REPLAY_WINDOW_MS);
  if (removed > 0) ctx.log.info({ removed }, 'live stream events pruned');
  return removed;
}

/**
 * Removes the rows of streams no process has seen for a while (a process killed without closing
 * them; they stopped counting already): the same hourly job's work.
 */
export async function sweepOpenStreams(ctx: AppContext) {
  const swept = await deleteStaleStreams(ctx.db, STREAM_FRESH_MS);
  if (swept > 0) ctx.log.info({ swept }, 'open streams of stopped processes swept');
  return swept;
}
