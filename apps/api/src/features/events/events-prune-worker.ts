import { QUEUES } from '../../adapters/jobs/jobs';
import type { AppContext } from '../../app-context';
import { pruneEvents, sweepOpenStreams } from './events.service';

/**
 * The live stream's events are replayed for 24 hours, then go (decision 069), and the record of
 * open streams loses the rows of processes that died (decision 079): a pg-boss cron job, hourly,
 * one per cluster, beside the other periodic jobs.
 */
export async function startEventsPruneWorker(ctx: AppContext) {
  await ctx.jobs.work(QUEUES.eventsPrune, async () => {
    await pruneEvents(ctx);
    await sweepOpenStreams(ctx);
  });
  await ctx.jobs.schedule(QUEUES.eventsPrune, '17 * * * *');
}
