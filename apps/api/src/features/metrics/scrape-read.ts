import { sql } from 'drizzle-orm';
import { Gauge, type Counter } from 'prom-client';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { oncePerBurst } from '../../lib/once-per-burst';

/** Rejects when `promise` has not settled within `ms`; the timer never outlives it. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A database read made while Prometheus waits for its scrape. It runs in its own transaction
 * whose statements PostgreSQL stops after `timeoutMs`, and the scrape waits no longer than that
 * (a pool with no free connection included): a slow or failed read leaves its metrics out of
 * this scrape, with a warning, and the rest are answered. Concurrent callers (the several gauges
 * fed by one read, overlapping scrapes) share the read in flight.
 */
export function scrapeRead<T>(
  ctx: AppContext,
  name: string,
  timeoutMs: number,
  read: (tx: Executor) => Promise<T>,
): () => Promise<T | undefined> {
  const warn = oncePerBurst((error: unknown, heldBack: number) => {
    ctx.log.warn({ err: error, read: name, heldBack }, 'metrics: a scrape-time read failed');
  });
  const run = () =>
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
      return read(tx);
    });
  let inFlight: Promise<T | undefined> | null = null;
  return () =>
    (inFlight ??= within(run(), timeoutMs)
      .catch((error: unknown) => {
        warn(error);
        return undefined;
      })
      .finally(() => {
        inFlight = null;
      }));
}

/**
 * Sets an unlabelled metric to `value`, or leaves it out of the scrape when there is none (its
 * read failed or timed out). prom-client's `reset()` alone leaves an unlabelled gauge at 0,
 * which would say "the ledger is unbalanced" or "nothing waits" when nothing was read.
 */
export function setOrLeaveOut(metric: Gauge | Counter, value: number | undefined): void {
  metric.reset();
  if (value === undefined) metric.remove();
  else if (metric instanceof Gauge) metric.set(value);
  else metric.inc(value);
}
