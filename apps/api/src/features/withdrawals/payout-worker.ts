import { QUEUES } from '../../adapters/jobs/jobs';
import type { AppContext } from '../../app-context';
import { oncePerBurst } from '../../lib/once-per-burst';
import { describeDatabaseError, isDatabaseUnavailable } from '../../lib/pg-errors';
import { processWithdrawal } from './process-withdrawal';
import { handleStoredWebhook } from './payout-webhooks.service';
import { reconcileWithdrawals } from './reconciliation';

const SANDBOX_TICK_MS = 1000;
/**
 * pg-boss fetches one job per worker and then waits out its polling interval (1 s) even when
 * more wait: one worker is one payout a second, and 200 payouts took minutes. Several workers
 * per queue work several at once; two jobs of one withdrawal are safe (its row lock, and the
 * provider asked first).
 */
const LANES_PER_QUEUE = 4;

const idOf = (data: unknown, key: string): string => {
  const value = (data as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string') throw new Error(`job without ${key}`);
  return value;
};

/**
 * The payout worker (docs/ARCHITECTURE.md#shape-of-the-system): in the API process by default, or alone in `worker.js`.
 * The job outbox's relay (payout and webhook jobs written in their transactions, decision 056),
 * payout and webhook jobs, reconciliation every minute, and — with the sandbox provider — the
 * sandbox's own clock, which settles its transfers and sends their webhooks.
 */
export async function startPayoutWorker(ctx: AppContext): Promise<() => Promise<void>> {
  ctx.jobs.startRelay();
  for (let i = 0; i < LANES_PER_QUEUE; i += 1) {
    await ctx.jobs.work(QUEUES.payout, (data) =>
      processWithdrawal(ctx, idOf(data, 'withdrawalId')),
    );
    await ctx.jobs.work(QUEUES.webhook, (data) =>
      handleStoredWebhook(ctx, idOf(data, 'webhookId')),
    );
  }
  await ctx.jobs.work(QUEUES.reconcile, async () => {
    await reconcileWithdrawals(ctx);
  });
  await ctx.jobs.schedule(QUEUES.reconcile, '* * * * *');

  const { sandbox } = ctx;
  // Every second while the database is away: one warning per burst, without the statement.
  const warnUnavailable = oncePerBurst((error: unknown, heldBack: number) => {
    ctx.log.warn(
      { ...describeDatabaseError(error), heldBack },
      'sandbox tick: database unavailable',
    );
  });
  let isTicking = false;
  const timer = sandbox
    ? setInterval(() => {
        if (isTicking) return;
        isTicking = true;
        sandbox
          .advanceDueTransfers()
          .catch((err: unknown) => {
            if (isDatabaseUnavailable(err)) warnUnavailable(err);
            else ctx.log.error({ err }, 'sandbox tick failed');
          })
          .finally(() => {
            isTicking = false;
          });
      }, SANDBOX_TICK_MS)
    : null;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    await ctx.jobs.stop();
  };
}
