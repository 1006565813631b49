import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { oncePerBurst } from '../../lib/once-per-burst';
import { describeDatabaseError } from '../../lib/pg-errors';
import {
  deleteOpenStreams,
  deleteProcessStreams,
  insertOpenStreams,
  touchProcessStreams,
} from './open-streams.repository';

/**
 * This process's part of the shared record of open streams (decision 079): a row per stream in
 * `open_streams`, written when it opens and deleted when it closes, and every heartbeat one
 * statement that marks all of this process's rows seen. What the database holds is mended at
 * each heartbeat from what the process knows (a row swept while the database was away is
 * written again; a row whose delete failed goes), so a database outage costs nothing lasting.
 * A write that fails is told once per burst and never ends a stream: a seller it misses counts
 * as away, and is mailed (decision 070's hourly bound).
 */
export function createStreamPresence(options: {
  db: Database;
  log: FastifyBaseLogger;
  heartbeatMs: number;
}) {
  const { db, log } = options;
  /** Who takes part in the record: a random id per process start. */
  const processId = randomUUID();
  /** The streams open here: their number and whose they are. */
  const held = new Map<number, string>();
  const writes = new Set<Promise<unknown>>();
  let nextStreamId = 1;
  let timer: NodeJS.Timeout | undefined;
  let beating = false;

  const warn = oncePerBurst((error: unknown) => {
    log.warn(
      describeDatabaseError(error),
      'live events: the record of open streams could not be written',
    );
  });

  /** Runs a write, remembered until it settles so stop() can wait for it; never throws. */
  function write(run: () => Promise<unknown>) {
    const pending = run().catch(warn);
    writes.add(pending);
    void pending.finally(() => writes.delete(pending));
    return pending;
  }

  async function heartbeat() {
    // Nothing held, nothing to write; a heartbeat still running (a slow database) is enough.
    if (held.size === 0 || beating) return;
    beating = true;
    try {
      await mend();
    } finally {
      beating = false;
    }
  }

  async function mend() {
    const found = new Set(await touchProcessStreams(db, processId));
    // Compared after the update: a stream opened or closed meanwhile is what `held` says now.
    const missing = [...held].filter(([streamId]) => !found.has(streamId));
    const gone = [...found].filter((streamId) => !held.has(streamId));
    await insertOpenStreams(
      db,
      missing.map(([streamId, userId]) => ({ processId, streamId, userId })),
    );
    await deleteOpenStreams(db, processId, gone);
  }

  return {
    start() {
      timer = setInterval(() => void write(heartbeat), options.heartbeatMs);
      timer.unref();
    },
    /** Ends the heartbeat and removes every row of this process (at shutdown). */
    async stop() {
      clearInterval(timer);
      held.clear();
      await Promise.all([...writes]);
      // A process that never held a stream (the worker, a build of the document) wrote nothing.
      if (nextStreamId > 1) await deleteProcessStreams(db, processId).catch(warn);
    },
    /**
     * Records a stream that opens; resolves once its row is written (or the write failed), and
     * answers what to call when it closes.
     */
    async open(userId: string) {
      const streamId = nextStreamId;
      nextStreamId += 1;
      held.set(streamId, userId);
      const inserted = write(() => insertOpenStreams(db, [{ processId, streamId, userId }]));
      await inserted;
      return () => {
        if (!held.delete(streamId)) return;
        // After the insert, so a stream closed at once leaves no row behind.
        void inserted.then(() => write(() => deleteOpenStreams(db, processId, [streamId])));
      };
    },
  };
}
