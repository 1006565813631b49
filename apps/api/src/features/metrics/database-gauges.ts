import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { WITHDRAWAL_STATUSES } from '@karta/shared/constants';
import { readOutboxDepths } from '../../adapters/jobs/jobs';
import type { AppContext } from '../../app-context';
import { readStandingTotals } from '../overview/overview.service';
import { scrapeRead, setOrLeaveOut } from './scrape-read';

/** A scrape's reads of running totals and the job queues: each answers in milliseconds. */
const READ_TIMEOUT_MS = 1_000;
/** The ledger's sum reads every balance row: it gets longer, and runs at most once a minute. */
const LEDGER_TIMEOUT_MS = 2_000;
const LEDGER_CHECK_EVERY_MS = 60_000;

/** Trades waiting for review and withdrawals by state, from the overview's running totals. */
function standingTotalsGauges(ctx: AppContext, registry: Registry): void {
  const standing = scrapeRead(ctx, 'standing totals', READ_TIMEOUT_MS, readStandingTotals);
  new Gauge({
    name: 'karta_withdrawals',
    help: 'Withdrawals (payouts) by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const totals = await standing();
      this.reset();
      if (!totals) return;
      for (const state of WITHDRAWAL_STATUSES) {
        this.set({ state }, totals.gauges.get(`withdrawals.${state}`)?.n ?? 0);
      }
    },
  });
  new Gauge({
    name: 'karta_pending_trades',
    help: 'Trades waiting for a review decision',
    registers: [registry],
    async collect() {
      const totals = await standing();
      setOrLeaveOut(this, totals && (totals.gauges.get('trades.pending')?.n ?? 0));
    },
  });
  new Gauge({
    name: 'karta_oldest_pending_trade_age_seconds',
    help: 'How long the oldest pending trade has waited, in seconds (0 when none waits)',
    registers: [registry],
    async collect() {
      const totals = await standing();
      const since = totals?.oldestPendingAt;
      setOrLeaveOut(
        this,
        totals && (since ? Math.max(0, (ctx.clock.now().getTime() - since.getTime()) / 1000) : 0),
      );
    },
  });
}

/**
 * Each job queue's backlog: pg-boss's own counts through its public API (as its monitor last
 * took them, once a minute), and the job outbox's rows, jobs committed but not queued yet
 * (decision 056), read now.
 */
function jobQueueGauges(ctx: AppContext, registry: Registry): void {
  const counts = scrapeRead(ctx, 'job queues', READ_TIMEOUT_MS, async (tx) => {
    const [queued, outbox] = await Promise.all([ctx.jobs.readQueueCounts(), readOutboxDepths(tx)]);
    return { queued, outbox };
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs per queue as pg-boss last counted them (each minute): waiting (new, deferred or to retry) and active (being worked)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const read = await counts();
      this.reset();
      for (const queue of read?.queued ?? []) {
        this.set({ queue: queue.queue, state: 'waiting' }, queue.waiting);
        this.set({ queue: queue.queue, state: 'active' }, queue.active);
      }
    },
  });
  new Gauge({
    name: 'job_outbox_depth',
    help: 'Jobs per queue written in their transaction and not moved into the queue yet',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const read = await counts();
      this.reset();
      for (const queue of read?.outbox ?? []) this.set({ queue: queue.queue }, queue.waiting);
    },
  });
  new Gauge({
    name: 'job_outbox_oldest_age_seconds',
    help: 'How long the oldest job of each queue has waited in the outbox, in seconds (0 when none)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const read = await counts();
      this.reset();
      for (const queue of read?.outbox ?? []) {
        this.set({ queue: queue.queue }, queue.oldestSeconds ?? 0);
      }
    },
  });
}

/**
 * The ledger's invariant: every posting is matched by the opposite ones, so all balances together
 * sum to zero (one row per account, not a scan of the postings). Checked when a scrape finds the
 * last result older than a minute; the gauges show the last result and when it was taken.
 */
function ledgerGauges(ctx: AppContext, registry: Registry): void {
  const sumBalances = scrapeRead(ctx, 'ledger check', LEDGER_TIMEOUT_MS, async (tx) => {
    const result = await tx.execute<{ balanced: boolean }>(
      sql`select coalesce(sum(available), 0) = 0 as balanced from ledger_balances`,
    );
    return result.rows[0]?.balanced === true;
  });
  let last: { balanced: boolean; checkedAt: number } | undefined;
  const check = async () => {
    if (last && Date.now() - last.checkedAt < LEDGER_CHECK_EVERY_MS) return last;
    const balanced = await sumBalances();
    if (balanced !== undefined) last = { balanced, checkedAt: Date.now() };
    return last;
  };
  new Gauge({
    name: 'karta_ledger_balanced',
    help: 'The last ledger check: 1 when all balances sum to zero, 0 when they do not',
    registers: [registry],
    async collect() {
      const result = await check();
      setOrLeaveOut(this, result && (result.balanced ? 1 : 0));
    },
  });
  new Gauge({
    name: 'karta_ledger_checked_timestamp_seconds',
    help: 'When the ledger was last checked, in Unix seconds',
    registers: [registry],
    async collect() {
      const result = await check();
      setOrLeaveOut(this, result && result.checkedAt / 1000);
    },
  });
}

/** The connection pool, as pg counts it: open connections, idle ones, and queries queued for one. */
function poolGauges(ctx: AppContext, registry: Registry): void {
  const pool = ctx.db.$client;
  const gauge = (name: string, help: string, count: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(count());
      },
    });
  gauge('db_pool_clients', 'Connections the pool holds open', () => pool.totalCount);
  gauge('db_pool_idle_clients', 'Open connections no query is using', () => pool.idleCount);
  gauge(
    'db_pool_waiting_requests',
    'Queries waiting for a free connection',
    () => pool.waitingCount,
  );
}

/** Every gauge read at scrape time: the pool's and the database's figures. */
export function registerDatabaseGauges(ctx: AppContext, registry: Registry): void {
  // First: a scrape collects in this order, and the reads below take connections of their own.
  poolGauges(ctx, registry);
  standingTotalsGauges(ctx, registry);
  jobQueueGauges(ctx, registry);
  ledgerGauges(ctx, registry);
}
