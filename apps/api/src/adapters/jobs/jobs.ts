import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, PgBoss } from 'pg-boss';
import type { Database, Executor } from '../../db/client';
import { jobOutbox } from '../../db/schema/job-outbox';
import { oncePerBurst } from '../../lib/once-per-burst';
import { describeDatabaseError, isDatabaseUnavailable } from '../../lib/pg-errors';

/**
 * The jobs port (docs/ARCHITECTURE.md#ports-and-their-defaults): pg-boss on our own database,
 * through our own connection pool, used through its public API only (decision 056). A job sent
 * inside a business transaction is a row of Karta's own job outbox until the worker's relay
 * moves it into pg-boss after the commit.
 */
export interface JobQueue {
  /**
   * Starts the queue once (the first time on a database it creates its schema and queues). The
   * app calls it at boot (buildApp's onReady), so no request waits for a start while it holds a
   * pooled connection in its transaction: a burst of those could take every connection.
   */
  start(): Promise<void>;
  /**
   * Queues a job. Inside `tx` it is written to the job outbox and exists exactly when the
   * transaction commits (the relay moves it into the queue then); without `tx`, straight away.
   */
  send(
    name: QueueName,
    data: object,
    options?: { tx?: Executor; singletonKey?: string },
  ): Promise<void>;
  /**
   * The outbox insert `send` makes inside a transaction, for a caller to run as part of one of
   * its own statements (a withdrawal's row and its payout job in one round trip: decision 046).
   * The job then exists exactly when that statement's transaction commits.
   */
  sendStatement(name: QueueName, data: object, options?: { singletonKey?: string }): SQL;
  /**
   * Moves the job outbox into the queue every RELAY_EVERY_MS until `stop` (the worker's role:
   * a process that works jobs also moves them in). Several processes may relay at once.
   */
  startRelay(): void;
  /** One pass of the relay: answers how many jobs it moved. */
  relayOutbox(): Promise<number>;
  /** Runs `handler` for each job of `name`; a thrown error retries it with backoff. */
  work(name: QueueName, handler: (data: unknown) => Promise<void>): Promise<void>;
  /** Queues `name` on a cron schedule (one per cluster). */
  schedule(name: QueueName, cron: string): Promise<void>;
  /** Each queue's backlog, as pg-boss last counted it (its monitor, every minute). */
  readQueueCounts(): Promise<QueueCount[]>;
  stop(): Promise<void>;
}

export const QUEUES = {
  payout: 'payout',
  webhook: 'payout-webhook',
  reconcile: 'payout-reconcile',
  offerExpiry: 'trade-offer-expiry',
  /** Once after the KYC tiers' migration: the mail each seller moved to tier 1 is owed (063). */
  kycTierNotices: 'kyc-tier-notices',
  /** Hourly: the live stream's events older than its 24-hour replay window go (decision 069). */
  eventsPrune: 'events-prune',
} as const;

/** A queue's name: only these exist (start creates them), so no job can name another. */
type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The PostgreSQL schema pg-boss keeps its tables in; nothing of Karta's reads them. */
export const JOB_SCHEMA = 'pgboss';

/** One queue's backlog in pg-boss: jobs waiting (new, deferred or to retry) and jobs running. */
interface QueueCount {
  queue: string;
  waiting: number;
  active: number;
}

/** The job outbox per queue: jobs committed but not moved into pg-boss yet, and the oldest one. */
interface OutboxDepth {
  queue: string;
  waiting: number;
  oldestSeconds: number | null;
}

/**
 * Every queue's outbox rows, read from Karta's own table (a handful, or none: the relay empties
 * it twice a second). A queue with nothing waiting is reported with zeros.
 */
export async function readOutboxDepths(tx: Executor): Promise<OutboxDepth[]> {
  const result = await tx.execute<{ queue: string; waiting: number; oldest: number | null }>(sql`
    select ${jobOutbox.queue} as queue, count(*)::int as waiting,
           extract(epoch from now() - min(${jobOutbox.createdAt}))::float8 as oldest
      from ${jobOutbox}
     group by ${jobOutbox.queue}`);
  const found = new Map(result.rows.map((row) => [row.queue, row]));
  return Object.values(QUEUES).map((queue) => {
    const row = found.get(queue);
    return { queue, waiting: row?.waiting ?? 0, oldestSeconds: row?.oldest ?? null };
  });
}

/**
 * On stop, a running job has this long to finish; then pg-boss fails it, which returns it to
 * the queue for another worker (its retry). A payout job takes well under a second; one still
 * running after 10 s is stuck (a lock, an outage) and better finished elsewhere than waited for.
 */
const STOP_GRACE_MS = 10_000;
/** How often a worker moves the outbox into the queue: a payout waits at most this long more. */
const RELAY_EVERY_MS = 500;
/** Rows one relay pass moves; a larger backlog takes several passes (each a short transaction). */
const RELAY_BATCH = 200;

/** Where the queue reports its own failures (the app's logger). */
export interface JobLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * pg-boss reports failures of its timers (maintenance, cron, clock) and workers as 'error'
 * events, and an EventEmitter's 'error' without a listener ends the process. An outage is a
 * warning, once per burst, with the code and pg's words only; anything else is an error for the
 * logger's error serializer, which keeps the statement's parameters out (drizzle's wrapper puts
 * them in its message, and pg-boss copies the wrapper's fields onto the event).
 */
function reportQueueErrors(log: JobLog): (error: unknown) => void {
  const warnUnavailable = oncePerBurst((error: unknown, heldBack: number) => {
    log.warn(
      { ...describeDatabaseError(error), heldBack },
      'job queue: database unavailable, retrying',
    );
  });
  return (error) => {
    if (isDatabaseUnavailable(error)) warnUnavailable(error);
    else log.error({ err: error }, 'job queue failed');
  };
}

interface OutboxRow extends Record<string, unknown> {
  id: string;
  queue: string;
  data: object;
  singleton_key: string | null;
}

/** The outbox row `send` writes inside a transaction. */
function outboxValues(name: QueueName, data: object, singletonKey: string | undefined) {
  return { queue: name, data, singletonKey: singletonKey ?? null };
}

/**
 * Started by the app at boot (and, should that start have failed, again on the next use).
 * Retries back off exponentially; a payout job is retried for about an hour before
 * reconciliation takes over.
 */
export function createPgBossQueue(db: Database, log: JobLog): JobQueue {
  const onError = reportQueueErrors(log);
  const startBoss = async () => {
    const boss = new PgBoss({ db: fromDrizzle(db, sql), schema: JOB_SCHEMA });
    boss.on('error', onError);
    boss.on('warning', (warning) => {
      log.warn({ warning: warning.message, data: warning.data }, 'job queue warning');
    });
    try {
      await boss.start();
      // One at a time: creating queues in parallel makes parallel DDL, which deadlocks.
      for (const name of Object.values(QUEUES)) {
        if (await boss.getQueue(name)) continue;
        await boss.createQueue(name, { retryLimit: 20, retryDelay: 5, retryBackoff: true });
      }
    } catch (error) {
      await boss.stop({ graceful: false, close: false }).catch(() => undefined);
      throw error;
    }
    return boss;
  };
  let started: Promise<PgBoss> | null = null;
  const ensureStarted = () => {
    // A start that failed (the database away at that moment) is not kept: pg-boss stays half
    // started after one, so the next use starts a fresh instance instead of failing for ever.
    started ??= startBoss().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  };

  /**
   * Takes the oldest outbox rows no other relay holds, queues them with their own ids (pg-boss's
   * insert skips an id it already has), and deletes them, in one transaction: a row is in the
   * outbox or in the queue, never both, never neither. A crash mid-way rolls it all back.
   */
  const relayOutbox = async (): Promise<number> => {
    const waiting = await db.execute(sql`select 1 from ${jobOutbox} limit 1`);
    if (waiting.rows.length === 0) return 0;
    const boss = await ensureStarted();
    return db.transaction(async (tx) => {
      const taken = await tx.execute<OutboxRow>(sql`
        delete from ${jobOutbox}
         where ${jobOutbox.id} in (
           select ${jobOutbox.id} from ${jobOutbox}
            order by ${jobOutbox.createdAt}
            limit ${RELAY_BATCH}
              for update skip locked)
        returning ${jobOutbox.id} as id, ${jobOutbox.queue} as queue, ${jobOutbox.data} as data,
                  ${jobOutbox.singletonKey} as singleton_key`);
      const byQueue = new Map<string, OutboxRow[]>();
      for (const row of taken.rows)
        byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
      for (const [queue, rows] of byQueue) {
        await boss.insert(
          queue,
          rows.map((row) => ({
            id: row.id,
            data: row.data,
            ...(row.singleton_key ? { singletonKey: row.singleton_key } : {}),
          })),
          { db: fromDrizzle(tx, sql) },
        );
      }
      return taken.rows.length;
    });
  };

  let relayTimer: NodeJS.Timeout | null = null;
  let relaying: Promise<unknown> | null = null;

  return {
    async start() {
      await ensureStarted();
    },
    async send(name, data, options = {}) {
      if (options.tx) {
        await options.tx.insert(jobOutbox).values(outboxValues(name, data, options.singletonKey));
        return;
      }
      const boss = await ensureStarted();
      await boss.send(
        name,
        data,
        options.singletonKey ? { singletonKey: options.singletonKey } : {},
      );
    },
    sendStatement(name, data, options = {}) {
      return db
        .insert(jobOutbox)
        .values(outboxValues(name, data, options.singletonKey))
        .returning({ id: jobOutbox.id })
        .getSQL();
    },
    startRelay() {
      if (relayTimer) return;
      relayTimer = setInterval(() => {
        relaying ??= relayOutbox()
          .catch(onError)
          .finally(() => {
            relaying = null;
          });
      }, RELAY_EVERY_MS);
      relayTimer.unref();
    },
    relayOutbox,
    async work(name, handler) {
      const boss = await ensureStarted();
      await boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async schedule(name, cron) {
      const boss = await ensureStarted();
      await boss.schedule(name, cron);
    },
    async readQueueCounts() {
      const boss = await ensureStarted();
      const queues = await boss.getQueues(Object.values(QUEUES));
      const found = new Map(queues.map((queue) => [queue.name, queue]));
      return Object.values(QUEUES).map((queue) => ({
        queue,
        waiting: found.get(queue)?.queuedCount ?? 0,
        active: found.get(queue)?.activeCount ?? 0,
      }));
    },
    async stop() {
      if (relayTimer) clearInterval(relayTimer);
      relayTimer = null;
      await relaying;
      const boss = await started?.catch(() => null);
      await boss?.stop({ graceful: true, close: false, timeout: STOP_GRACE_MS });
    },
  };
}
