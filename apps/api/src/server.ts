import { buildApp } from './app';
import { loadConfig } from './config';
import { ensureAdmin } from './features/accounts/admin-account.service';
import { seedCatalog } from './features/catalog/catalog-seed';
import { openRuntime } from './runtime';
import { surviveDatabaseOutages } from './db/survive-outages';
import { seedDemoData } from './seed';
import { seedDemoTrades } from './seed-trades';
import { startKycTierNoticeWorker } from './features/kyc/kyc-tier-notices';
import { startOfferExpiryWorker } from './features/trades/offer-expiry-worker';
import { startEventsPruneWorker } from './features/events/events-prune-worker';
import { startPayoutWorker } from './features/withdrawals/payout-worker';
import {
  listenForMetrics,
  listenForMetricsOrElsewhere,
  type MetricsServer,
} from './features/metrics/metrics-server';
import { imageLibraryProblem } from './lib/image-library-check';
import {
  ensurePortFree,
  exitOnStartupError,
  explainListenError,
  portInUse,
  StartupError,
} from './lib/startup-error';

const config = loadConfig();
await ensurePortFree(config.port, config.host, portInUse(config.port, 'HTTP', 'PORT')).catch(
  exitOnStartupError,
);
// Port 0 asks for any free port: nothing to check. In development a taken one is no reason to
// stop: metrics move to a free port when they listen, below (decision 058).
if (config.metrics?.port && config.isProduction) {
  const { host, port } = config.metrics;
  await ensurePortFree(port, host, portInUse(port, 'metrics', 'METRICS_PORT')).catch(
    exitOnStartupError,
  );
}
// sharp loads on the first upload; whether it can is asked now, while PostgreSQL starts.
const imageLibraryChecked = imageLibraryProblem();
const runtime = await openRuntime(config, (line) => {
  console.log(line);
}).catch(exitOnStartupError);
const imageProblem = await imageLibraryChecked;
if (imageProblem) {
  await runtime.stop();
  exitOnStartupError(imageProblem);
}
const app = await buildApp({ config, db: runtime.database.db });
surviveDatabaseOutages(app.log);

if (config.admin) {
  const result = await ensureAdmin(app.ctx, { ...config.admin, promoteExisting: false });
  if (result === 'created') app.log.info({ email: config.admin.email }, 'admin account created');
}
if (config.seedDemo) {
  await seedDemoData(app.ctx);
  await seedCatalog(app.ctx);
  await seedDemoTrades(app.ctx);
}

// docs/ARCHITECTURE.md#shape-of-the-system: one process by default; production may run workers apart (RUN_WORKER=false here
// and `node apps/api/dist/worker.js` there).
const stopWorker = config.runWorker ? await startPayoutWorker(app.ctx) : null;
if (config.runWorker) await startOfferExpiryWorker(app.ctx);
if (config.runWorker) await startEventsPruneWorker(app.ctx);
if (config.runWorker) await startKycTierNoticeWorker(app.ctx);

let metricsServer: MetricsServer | null = null;
let isStopping = false;
async function stop(signal: string) {
  if (isStopping) return;
  isStopping = true;
  app.log.info({ signal }, 'shutting down');
  // A database that went away mid-run (a restart) can make the worker's or the pool's goodbye
  // fail; that must not skip the steps after it, or the embedded PostgreSQL would outlive us.
  for (const [step, run] of [
    ['payout worker', stopWorker],
    ['metrics listener', () => metricsServer?.close()],
    ['HTTP server', () => app.close()],
  ] as const) {
    try {
      await run?.();
    } catch (error) {
      app.log.warn({ err: error }, `shutting down: stopping the ${step} failed`);
    }
  }
  await runtime.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

/** Listens, or stops what started and exits with one line when the port is taken. */
async function listenOrExit<T>(listen: () => Promise<T>, what: string, port: number, env: string) {
  try {
    return await listen();
  } catch (error) {
    const explained = explainListenError(error, what, port, env);
    if (explained instanceof StartupError) {
      await stopWorker?.();
      await metricsServer?.close();
      await app.close();
      await runtime.stop();
    }
    return exitOnStartupError(explained);
  }
}

await listenOrExit(
  () => app.listen({ host: config.host, port: config.port }),
  'HTTP',
  config.port,
  'PORT',
);
app.log.info(`Karta is running on ${config.publicUrl}`);
if (config.metrics) {
  const address = config.metrics;
  metricsServer = await listenOrExit(
    () =>
      config.isProduction
        ? listenForMetrics(app.metrics, address)
        : listenForMetricsOrElsewhere(app.metrics, address, (line) => {
            app.log.warn(line);
          }),
    'metrics',
    address.port,
    'METRICS_PORT',
  );
  // Moved to a free port: the warning above said where.
  const moved = address.port !== 0 && metricsServer.port !== address.port;
  if (!moved) app.log.info(`metrics on http://${address.host}:${metricsServer.port}/metrics`);
}
