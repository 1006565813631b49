import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';
import { oncePerBurst } from '../../lib/once-per-burst';
import { describeDatabaseError } from '../../lib/pg-errors';
import {
  EVENTS_CHANNEL,
  eventsAfter,
  findEvents,
  latestEventId,
  type EventRow,
} from './events.repository';

/** One open stream, as the hub knows it: whose it is and how to hand it an event. */
export interface Subscriber {
  userId: string;
  isStaff: boolean;
  deliver(event: EventRow): void;
}

/** The listener's reconnection waits: doubled after each failure, up to the last. */
const RECONNECT_MS = [250, 500, 1000, 2000, 5000];
/** What a listener reads back at most after a reconnection (the rest: the client's refetch). */
const CATCH_UP_LIMIT = 1000;
/** Ids delivered recently, so a catch-up after a reconnection never delivers one twice. */
const RECENT_IDS = 10_000;

/**
 * Each API process's one LISTEN connection and its open streams (decision 069). A NOTIFY
 * carries an event's id; the ids of one moment are read in one query from the pool and handed
 * to the streams they are for: the user's own, and every staff stream for a queue event. The
 * connection is its own (not the pool's, whose connections come and go), and after a database
 * outage it reconnects with backoff and reads what was written meanwhile (decision 015).
 */
export function createEventHub(options: { db: Database; log: FastifyBaseLogger }) {
  const { db, log } = options;
  const byUser = new Map<string, Set<Subscriber>>();
  const staff = new Set<Subscriber>();
  const recent = new Set<number>();
  let pending: number[] = [];
  let flushing: Promise<void> | null = null;
  let client: pg.Client | null = null;
  let lastId: number | null = null;
  let attempt = 0;
  let stopped = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  /** Settled by the first attempt to listen, however it went (see start). */
  let firstAttempt: (() => void) | null = null;

  const warn = oncePerBurst((error: unknown, heldBack: number) => {
    log.warn(
      { ...describeDatabaseError(error), heldBack },
      'live events: the listening connection failed; reconnecting',
    );
  });

  function remember(id: number) {
    recent.add(id);
    if (recent.size > RECENT_IDS) {
      const oldest = recent.values().next().value;
      if (oldest !== undefined) recent.delete(oldest);
    }
    if (lastId === null || id > lastId) lastId = id;
  }

  function dispatch(rows: EventRow[]) {
    for (const row of rows) {
      if (recent.has(row.id)) continue;
      remember(row.id);
      const audience = row.userId === null ? staff : byUser.get(row.userId);
      for (const subscriber of audience ?? []) subscriber.deliver(row);
    }
  }

  const hasSubscribers = () => byUser.size > 0 || staff.size > 0;

  async function flush() {
    while (pending.length > 0) {
      const ids = pending;
      pending = [];
      if (!hasSubscribers()) {
        for (const id of ids) remember(id);
        continue;
      }
      try {
        dispatch(await findEvents(db, ids));
      } catch (error) {
        // The pool is away too: the streams catch up when the client reconnects (Last-Event-ID).
        warn(error);
      }
    }
  }

  function onNotification(message: pg.Notification) {
    const id = Number(message.payload);
    if (!Number.isSafeInteger(id)) return;
    pending.push(id);
    // The notifications of one moment (a burst of commits) are read back in one query.
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush).finally(() => {
      flushing = null;
    });
  }

  async function catchUp() {
    if (lastId === null) {
      lastId = await latestEventId(db);
      return;
    }
    const missed = await eventsAfter(db, lastId, CATCH_UP_LIMIT);
    dispatch(missed);
  }

  function scheduleReconnect() {
    if (stopped || reconnectTimer) return;
    const wait = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)] ?? 5000;
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, wait);
  }

  async function connect() {
    if (stopped) return;
    // Its own connection, with the pool's settings: LISTEN lasts as long as the session.
    const next = new pg.Client(db.$client.options);
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      if (error) warn(error);
      firstAttempt?.();
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => {
      lost();
    });
    next.on('notification', onNotification);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${EVENTS_CHANNEL}`);
      await catchUp();
      attempt = 0;
      firstAttempt?.();
    } catch (error) {
      lost(error);
    }
  }

  return {
    /**
     * Connects the listener; resolves once it listens, or once its first attempt failed (the
     * database is away at boot: it keeps trying in the background, and the app starts anyway,
     * answering 503 until the database is back, decision 015).
     */
    async start() {
      stopped = false;
      const settled = new Promise<void>((resolve) => {
        firstAttempt = () => {
          firstAttempt = null;
          resolve();
        };
      });
      void connect();
      await settled;
    },
    async stop() {
      stopped = true;
      clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
    subscribe(subscriber: Subscriber) {
      if (subscriber.isStaff) staff.add(subscriber);
      const own = byUser.get(subscriber.userId) ?? new Set<Subscriber>();
      own.add(subscriber);
      byUser.set(subscriber.userId, own);
      return () => {
        staff.delete(subscriber);
        own.delete(subscriber);
        if (own.size === 0 && byUser.get(subscriber.userId) === own)
          byUser.delete(subscriber.userId);
      };
    },
    /** Streams this user holds open on this process. */
    streamsOf: (userId: string) => byUser.get(userId)?.size ?? 0,
    /** Every stream open on this process (the metrics and the bench read it). */
    openStreams: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
    /** Whether the listener is connected now. */
    isListening: () => client !== null && attempt === 0,
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
