import { oncePerBurst } from '../lib/once-per-burst';
import { describeDatabaseError, isDatabaseUnavailable } from '../lib/pg-errors';

interface WarnLog {
  warn(fields: object, message: string): void;
}

/**
 * A background statement whose promise nobody holds (pg-boss 10 marked a finished job complete
 * without awaiting it; a library's timer may do the same) rejects unhandled when the database
 * goes away at that moment, and Node ends the process on an unhandled rejection. A database that
 * is away is expected and survivable (pg-boss retries a job whose end it could not record when
 * its lease expires, and the payout job asks the provider first); any other unhandled rejection
 * still ends the process, as Node would.
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
