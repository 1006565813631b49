import { oncePerBurst } from '../lib/once-per-burst';
import { describeDatabaseError, isDatabaseUnavailable } from '../lib/pg-errors';

interface WarnLog {
  warn(fields: object, message: string): void;
}

/**
 * pg-boss marks a finished job complete (or failed) without awaiting it (pg-boss 10,
 * manager.js `onFetch`), so a database that goes away at that moment rejects a promise nobody
 * holds, and Node ends the process on an unhandled rejection. A database that is away is
 * expected and survivable (pg-boss retries the job when its lease expires, and the payout job
 * asks the provider first); any other unhandled rejection still ends the process, as Node would.
 */
export function surviveDatabaseOutages(log: WarnLog): void {
  const warn = oncePerBurst((reason: unknown, heldBack: number) => {
    log.warn(
      { ...describeDatabaseError(reason), heldBack },
      'database unavailable: a background statement failed',
    );
  });
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    warn(reason);
  });
}
