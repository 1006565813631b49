import { QUEUES } from '../../adapters/jobs/jobs';
import type { AppContext } from '../../app-context';
import * as withdrawals from './withdrawals.repository';

/**
 * A payout that has not finished in this long is asked about again. A payout job takes well
 * under a second; one whose worker was killed mid-job stays "active" in pg-boss until its
 * expiry (15 minutes), so this re-queue is what pays it: a minute, then the next run.
 */
const STUCK_AFTER_MS = 60 * 1000;

/**
 * Runs every minute: queues the payout job again for withdrawals still pending or processing,
 * in case a job or a webhook was lost. The job asks the provider before anything else, so this
 * can never pay twice. One job per withdrawal at a time (its id is the singleton key).
 */
export async function reconcileWithdrawals(ctx: AppContext): Promise<string[]> {
  const stuck = await withdrawals.findStuckWithdrawals(
    ctx.db,
    new Date(ctx.clock.now().getTime() - STUCK_AFTER_MS),
  );
  for (const { id } of stuck) {
    await ctx.jobs.send(QUEUES.payout, { withdrawalId: id }, { singletonKey: id });
  }
  return stuck.map(({ id }) => id);
}
