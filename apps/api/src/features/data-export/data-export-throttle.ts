import { DATA_EXPORT_LIMIT_PER_HOUR } from '@karta/shared/schemas/data-export';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import * as throttle from '../throttle/throttle.service';

const HOUR_SECONDS = 60 * 60;

/**
 * A download reads every record the seller has (thousands of trades and postings for a busy
 * one), and a stolen session should not be able to pull it again and again: a few an hour per
 * account, counted in `rate_counters` like the other throttles so the limit holds across every
 * API process. Counted before the work, refused ones too (throttle.countAttempt).
 */
export async function countDataExport(ctx: AppContext, userId: string): Promise<void> {
  const wait = await throttle.countAttempt(
    ctx.db,
    [
      {
        key: `data-export:${userId}`,
        limit: DATA_EXPORT_LIMIT_PER_HOUR,
        windowSeconds: HOUR_SECONDS,
      },
    ],
    ctx.clock.now(),
  );
  if (wait === 0) return;
  const minutes = Math.ceil(wait / 60);
  throw new AppError(
    'RATE_LIMITED',
    `You can download your data ${String(DATA_EXPORT_LIMIT_PER_HOUR)} times an hour. Please try again in ${String(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfterSeconds: wait },
  );
}
