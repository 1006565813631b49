import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import * as throttle from '../throttle/throttle.service';

const WINDOW_SECONDS = 10 * 60;
/** A person typing: 30 messages in 10 minutes; a desk answering many sellers: 120. */
const LIMITS = { seller: 30, staff: 120 } as const;

/**
 * Messages a person may send, counted per account in `rate_counters` so the limit holds across
 * every API process (beside the per-IP limit every route has). Counted before the work, so a
 * flood of photos is refused before any is decoded.
 */
export async function countMessage(ctx: AppContext, userId: string, side: keyof typeof LIMITS) {
  const wait = await throttle.countAttempt(
    ctx.db,
    [{ key: `support-message:${userId}`, limit: LIMITS[side], windowSeconds: WINDOW_SECONDS }],
    ctx.clock.now(),
  );
  if (wait === 0) return;
  throw new AppError(
    'RATE_LIMITED',
    'You are sending messages very fast. Please wait a few minutes and send again.',
    { retryAfterSeconds: wait },
  );
}
