import { parseArgs } from 'node:util';
import { choosePayouts } from './adapters/payouts/choose-payouts';
import { ProviderUnavailableError } from './adapters/payouts/payouts';
import { sandboxWebhookSecret } from './adapters/payouts/sandbox';
import { loadConfig } from './config';
import { connectDatabase } from './db/client';
import {
  afterRestoreJson,
  formatAfterRestoreTable,
} from './features/withdrawals/after-restore-report';
import {
  findTransfersAheadOfRestore,
  RestoredDatabaseUnreadable,
} from './features/withdrawals/after-restore.service';
import { systemClock } from './lib/clock';
import { deriveKeys } from './lib/keys';
import { maskUrl } from './lib/mask-url';
import { describeDatabaseError } from './lib/pg-errors';
import { exitOnStartupError } from './lib/startup-error';
import { openRuntime, type Runtime } from './runtime';

/**
 * `node apps/api/dist/after-restore.js --restored <postgres url> --since <ISO time> [--json]`
 * (docs/deploy.md, "After a real restore to an earlier time"): the payout
 * provider's transfers since the restore point that the restored database does not account for.
 * Exit 0: nothing ahead; 3: something is (a script stops there); 2: bad usage; 1: the provider
 * or a database could not be read. Reads only; never prints a database password.
 */
const USAGE =
  'Usage: node apps/api/dist/after-restore.js --restored <postgres url> --since <ISO time, e.g. 2026-11-28T14:05:00Z> [--json]';
const AHEAD = 3;

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

function parseCommandLine() {
  let values: { restored?: string; since?: string; json?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        restored: { type: 'string' },
        since: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
  const { restored, since } = values;
  if (!restored || !/^postgres(ql)?:\/\/./.test(restored)) {
    usage('--restored must be the restored database’s postgres:// URL.');
  }
  // An offset is required: "14:05" alone would be read in this machine's zone, not Lagos's.
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(since ?? '');
  const sinceTime = new Date(since ?? '');
  if (!since || !hasZone || isNaN(sinceTime.getTime())) {
    usage('--since must be the restore point as an ISO time with its zone (…Z or +01:00).');
  }
  if (sinceTime.getTime() > Date.now()) usage('--since is in the future.');
  return { restoredUrl: restored, since: sinceTime, json: values.json === true };
}

const { restoredUrl, since, json } = parseCommandLine();
const config = { ...loadConfig(), logLevel: 'warn' };
// The sandbox keeps its transfers in the live database (DATABASE_URL, or the embedded one a
// running Karta holds: decision 058); Paystack needs no database of ours to be asked.
let runtime: Runtime | null = null;
if (config.payouts.provider === 'sandbox') {
  runtime = await openRuntime(config, () => undefined, { joinRunningKarta: true }).catch(
    exitOnStartupError,
  );
}
const { payouts } = choosePayouts(config.payouts, {
  db: runtime?.database.db,
  clock: systemClock,
  // Listing signs nothing; the key is the app's, so the provider is built exactly as it is there.
  webhookSecret: sandboxWebhookSecret(deriveKeys(config.jwtSecret).sandboxWebhooks),
});
const restored = connectDatabase(restoredUrl, 2, () => undefined);
const masked = maskUrl(restoredUrl);
let exitCode = 0;
try {
  const report = await findTransfersAheadOfRestore({ payouts, restored: restored.db, since });
  console.log(
    json
      ? JSON.stringify(afterRestoreJson(report, payouts.name, masked), null, 2)
      : formatAfterRestoreTable(report, payouts.name),
  );
  exitCode = report.ahead.length > 0 ? AHEAD : 0;
} catch (error) {
  exitCode = 1;
  const { errorCode, reason } = describeDatabaseError(error);
  if (error instanceof RestoredDatabaseUnreadable) {
    console.error(
      `The restored database at ${masked} could not be read [${errorCode ?? 'no code'}]: ${reason}`,
    );
  } else if (error instanceof ProviderUnavailableError) {
    console.error(`The ${payouts.name} provider did not answer: ${error.message}. Try again.`);
  } else {
    console.error(`The ${payouts.name} provider's transfers could not be listed: ${reason}`);
  }
} finally {
  await restored.close();
  await runtime?.stop();
}
process.exit(exitCode);
