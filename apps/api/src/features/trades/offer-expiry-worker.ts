import { QUEUES } from '../../adapters/jobs/jobs';
import type { AppContext } from '../../app-context';
import { expireCounterOffers } from './counter-offer';

/**
 * Settles unanswered counter-offers (decision 037): a pg-boss cron job, once a minute, one per
 * cluster, beside the payout worker in the same process. An offer is settled at most a minute
 * after its deadline; until then the seller's own answer still counts.
 */
export async function startOfferExpiryWorker(ctx: AppContext) {
  await ctx.jobs.work(QUEUES.offerExpiry, async () => {
    await expireCounterOffers(ctx);
  });
  await ctx.jobs.schedule(QUEUES.offerExpiry, '* * * * *');
}
