import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../../db/client';

/** The jobs port (DESIGN §1): pg-boss on our own database, through our own connection pool. */
export interface JobQueue {
  /**
   * Starts the queue once (on first use it creates its schema and queues). Call it before
   * opening a transaction that will send a job: starting takes connections from the pool, and
   * a burst of transactions that each hold one while waiting for the start can take them all.
   */
  start(): Promise<void>;
  /** Queues a job; inside `tx` it exists exactly when the transaction commits. */
  send(
    name: string,
    data: object,
    options?: { tx?: Executor; singletonKey?: string },
  ): Promise<void>;
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
} as const;

/** pg-boss speaks `executeSql(text, values)`; this runs it on a drizzle executor. */
function executorFor(tx: Executor) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // Split "$1" placeholders into drizzle parameters, so the statement joins `tx`.
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]),
      );
      const result = await tx.execute(sql.join(chunks, sql.raw('')));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Started on first use: an app that never queues a job (most test files) never creates the
 * pgboss schema. Retries back off exponentially; a payout job is retried for about an hour
 * before reconciliation takes over.
 */
export function createPgBossQueue(db: Database): JobQueue {
  const boss = new PgBoss({ db: executorFor(db), schema: 'pgboss' });
  let started: Promise<unknown> | null = null;
  const createQueues = async () => {
    await boss.start();
    // One at a time: pg-boss creates a table partition per queue, and parallel DDL deadlocks.
    for (const name of Object.values(QUEUES)) {
      if (await boss.getQueue(name)) continue;
      await boss.createQueue(name, { name, retryLimit: 20, retryDelay: 5, retryBackoff: true });
    }
  };
  const ensureStarted = () => {
    started ??= createQueues();
    return started;
  };
  return {
    async start() {
      await ensureStarted();
    },
    async send(name, data, options = {}) {
      await ensureStarted();
      await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.tx ? { db: executorFor(options.tx) } : {}),
      });
    },
    async work(name, handler) {
      await ensureStarted();
      await boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async schedule(name, cron) {
      await ensureStarted();
      await boss.schedule(name, cron);
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, close: false });
    },
  };
}
