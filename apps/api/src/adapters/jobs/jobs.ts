import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../../db/client';
import { oncePerBurst } from '../../lib/once-per-burst';
import { describeDatabaseError, isDatabaseUnavailable } from '../../lib/pg-errors';

/** The jobs port (docs/ARCHITECTURE.md#ports-and-their-defaults): pg-boss on our own database, through our own connection pool. */
export interface JobQueue {
  /**
   * Starts the queue once (the first time on a database it creates its schema and queues). The
   * app calls it at boot (buildApp's onReady), so services send jobs inside their transactions
   * without a start of their own: starting takes connections from the pool, and a burst of
   * transactions that each hold one while waiting for the start could take them all.
   */
  start(): Promise<void>;
  /** Queues a job; inside `tx` it exists exactly when the transaction commits. */
  send(
    name: string,
    data: object,
    options?: { tx?: Executor; singletonKey?: string },
  ): Promise<void>;
  /**
   * The statement `send` would run to queue a job, for a caller to run as part of one of its own
   * in its transaction (a withdrawal's row and its payout job in one round trip: decision 046). The
   * job then exists exactly when that transaction commits, as with `send` and `tx`.
   */
  sendStatement(name: string, data: object, options?: { singletonKey?: string }): Promise<SQL>;
  /** Runs `handler` for each job of `name`; a thrown error retries it with backoff. */
  work(name: string, handler: (data: unknown) => Promise<void>): Promise<void>;
  /** Queues `name` on a cron schedule (one per cluster). */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export const QUEUES = {
  payout: 'payout',
  webhook: 'payout-webhook',
  reconcile: 'payout-reconcile',
  offerExpiry: 'trade-offer-expiry',
} as const;

/** The PostgreSQL schema pg-boss keeps its tables in. */
const SCHEMA = 'pgboss';

/** One queue's backlog: jobs waiting (new or to retry), jobs running, and the oldest one waiting. */
interface QueueDepth {
  queue: string;
  waiting: number;
  active: number;
  oldestWaitingSeconds: number | null;
}

/**
 * Every queue's backlog, read from pg-boss's job table (waiting jobs through its partial index on
 * `state < 'active'`; finished ones are not read). A queue with no job waiting or running is
 * reported with zeros.
 */
export async function readQueueDepths(tx: Executor): Promise<QueueDepth[]> {
  const result = await tx.execute<{
    queue: string;
    waiting: number;
    active: number;
    oldest: number | null;
  }>(sql`
    select name as queue,
           (count(*) filter (where state < 'active'))::int as waiting,
           (count(*) filter (where state = 'active'))::int as active,
           extract(epoch from now() - min(created_on) filter (where state < 'active'))::float8 as oldest
      from ${sql.identifier(SCHEMA)}.job
     where state <= 'active'
     group by name`);
  const found = new Map(result.rows.map((row) => [row.queue, row]));
  return Object.values(QUEUES).map((queue) => {
    const row = found.get(queue);
    return {
      queue,
      waiting: row?.waiting ?? 0,
      active: row?.active ?? 0,
      oldestWaitingSeconds: row?.oldest ?? null,
    };
  });
}

/**
 * On stop, a running job has this long to finish; then pg-boss fails it, which returns it to
 * the queue for another worker (its retry). A payout job takes well under a second; one still
 * running after 10 s is stuck (a lock, an outage) and better finished elsewhere than waited for.
 */
const STOP_GRACE_MS = 10_000;

/** pg-boss's statement as drizzle SQL: its "$1" placeholders become drizzle parameters. */
function drizzleSqlOf(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, i) =>
    i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]),
  );
  return sql.join(chunks, sql.raw(''));
}

/** pg-boss speaks `executeSql(text, values)`; this runs it on a drizzle executor. */
function executorFor(tx: Executor) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // As drizzle SQL, so the statement joins `tx`.
      const result = await tx.execute(drizzleSqlOf(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * An executor that runs nothing: it keeps the one statement pg-boss's `send` makes (its job
 * insert) and answers as that insert would, with one job id.
 */
function statementCatcher() {
  let caught: SQL | undefined;
  return {
    executor: {
      executeSql(text: string, values: unknown[] = []) {
        if (caught) throw new Error('pg-boss sent more than one statement to queue a job');
        caught = drizzleSqlOf(text, values);
        return Promise.resolve({ rows: [{ id: 'queued-by-the-caller' }] });
      },
    },
    caught: () => {
      if (!caught) throw new Error('pg-boss sent no statement to queue a job');
      return caught;
    },
  };
}

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

/**
 * Started by the app at boot (and, should that start have failed, again on the next use).
 * Retries back off exponentially; a payout job is retried for about an hour before
 * reconciliation takes over.
 */
export function createPgBossQueue(db: Database, log: JobLog): JobQueue {
  const onError = reportQueueErrors(log);
  const startBoss = async () => {
    const boss = new PgBoss({ db: executorFor(db), schema: SCHEMA });
    boss.on('error', onError);
    try {
      await boss.start();
      // One at a time: pg-boss creates a table partition per queue, and parallel DDL deadlocks.
      for (const name of Object.values(QUEUES)) {
        if (await boss.getQueue(name)) continue;
        await boss.createQueue(name, { name, retryLimit: 20, retryDelay: 5, retryBackoff: true });
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
  return {
    async start() {
      await ensureStarted();
    },
    async send(name, data, options = {}) {
      const boss = await ensureStarted();
      await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.tx ? { db: executorFor(options.tx) } : {}),
      });
    },
    async sendStatement(name, data, options = {}) {
      const boss = await ensureStarted();
      const catcher = statementCatcher();
      await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        db: catcher.executor,
      });
      return catcher.caught();
    },
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
    async stop() {
      const boss = await started?.catch(() => null);
      await boss?.stop({ graceful: true, wait: true, close: false, timeout: STOP_GRACE_MS });
    },
  };
}
