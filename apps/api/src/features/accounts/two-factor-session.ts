import { STEP_UP_SECONDS } from '@karta/shared/schemas/two-factor';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { addSeconds } from '../../lib/clock';
import * as twoFactor from './two-factor.repository';

/**
 * Step-up is a property of the session (docs/ARCHITECTURE.md#principles-for-the-next-capabilities):
 * every code accepted on a session (a sign-in's second step, turning two-step on, a step-up)
 * gives that sign-in five minutes in which a change that can send money away needs no other.
 * A token without a session id (made before sessions had one) records nothing.
 */
export async function markSessionSteppedUp(
  ctx: AppContext,
  options: { userId: string; sessionId: string | null; tx?: Executor },
): Promise<Date> {
  const expiresAt = addSeconds(ctx.clock.now(), STEP_UP_SECONDS);
  if (options.sessionId !== null) {
    await twoFactor.markSteppedUp(options.tx ?? ctx.db, {
      sessionId: options.sessionId,
      userId: options.userId,
      expiresAt,
    });
  }
  return expiresAt;
}
