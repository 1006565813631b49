import { buildApp } from './app';
import { loadConfig } from './config';
import { startKycTierNoticeWorker } from './features/kyc/kyc-tier-notices';
import { startOfferExpiryWorker } from './features/trades/offer-expiry-worker';
import { startEventsPruneWorker } from './features/events/events-prune-worker';
import { startPayoutWorker } from './features/withdrawals/payout-worker';
import { openRuntime } from './runtime';
import { surviveDatabaseOutages } from './db/survive-outages';

/**
 * The payout worker on its own (docs/ARCHITECTURE.md#shape-of-the-system: M worker processes beside N API processes). It
 * builds the same app, without listening, for its services and for the sandbox's webhook
 * route, and works the jobs queue on the shared database.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  // Two processes cannot share one embedded PostgreSQL data directory.
  throw new Error(
    'worker.js needs DATABASE_URL; with the embedded database the API runs the worker',
  );
}
const runtime = await openRuntime(config, (line) => {
  console.log(line);
});
const app = await buildApp({ config, db: runtime.database.db });
surviveDatabaseOutages(app.log);
await app.ready();
const stopWorker = await startPayoutWorker(app.ctx);
// The payout worker's stop stops the whole queue, this job's worker with it.
await startOfferExpiryWorker(app.ctx);
await startEventsPruneWorker(app.ctx);
await startKycTierNoticeWorker(app.ctx);
app.log.info('payout and counter-offer workers running');

let isStopping = false;
async function stop(signal: string) {
  if (isStopping) return;
  isStopping = true;
  app.log.info({ signal }, 'worker shutting down');
  await stopWorker();
  await app.close();
  await runtime.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
