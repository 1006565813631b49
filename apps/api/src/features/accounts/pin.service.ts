import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS } from '@karta/shared/constants';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { addSeconds } from '../../lib/clock';
import { verifySecret } from '../../lib/passwords';
import * as accounts from './accounts.repository';
import * as users from '../../lib/users';
import { sendSecurityNotice } from './account-mails';
import { loadTargetForStaff } from './staff-rules';

const LOCKED = `Too many wrong PINs. Withdrawals are locked for ${String(PIN_LOCK_MINUTES)} minutes.`;
const NO_PIN = 'Set your withdrawal PIN first, in Settings → Change PIN.';
const NOT_ACTIVE = 'This account cannot withdraw. Please contact support.';

type Outcome = { kind: 'ok' } | { kind: 'wrong'; left: number } | { kind: 'locked' };

const lockedError = (until: Date, now: Date) =>
  new AppError('RATE_LIMITED', LOCKED, {
    field: 'pin',
    retryAfterSeconds: (until.getTime() - now.getTime()) / 1000,
  });

/**
 * Checks the withdrawal PIN with the user's row locked, so parallel guesses take turns and the
 * fifth wrong one locks withdrawals for 30 minutes however many arrive at once. The lock is
 * written to the audit log in the same transaction (operators see who was locked, when and from
 * where), and the owner is mailed. A right PIN resets the count; a locked account is refused
 * before the PIN is even compared, so the lock is no oracle. Changing the PIN leaves a running
 * lock in place: it ends only by time.
 */
export async function checkWithdrawalPin(
  ctx: AppContext,
  options: { userId: string; pin: string; ip: string },
): Promise<void> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    await users.lockUser(tx, options.userId);
    const user = await users.findUserById(tx, options.userId);
    // A suspension that landed after the request was let in still stops the withdrawal here.
    if (user?.status !== 'active') throw new AppError('BAD_REQUEST', NOT_ACTIVE);
    if (!user.pinHash) throw new AppError('BAD_REQUEST', NO_PIN, { field: 'pin' });
    if (user.pinLockedUntil && user.pinLockedUntil > now)
      throw lockedError(user.pinLockedUntil, now);
    if (await verifySecret(user.pinHash, options.pin)) {
      if (user.pinFailedAttempts > 0) {
        await accounts.updateUser(tx, user.id, { pinFailedAttempts: 0, pinLockedUntil: null });
      }
      return { kind: 'ok' };
    }
    const attempts = user.pinFailedAttempts + 1;
    if (attempts >= PIN_MAX_ATTEMPTS) {
      const lockedUntil = addSeconds(now, PIN_LOCK_MINUTES * 60);
      await accounts.updateUser(tx, user.id, { pinFailedAttempts: 0, pinLockedUntil: lockedUntil });
      await recordAudit(tx, {
        actor: { userId: user.id, ip: options.ip },
        action: 'pin.locked',
        targetType: 'user',
        targetId: user.id,
        before: { pin_failed_attempts: user.pinFailedAttempts },
        after: { locked_until: lockedUntil.toISOString() },
      });
      return { kind: 'locked' };
    }
    await accounts.updateUser(tx, user.id, { pinFailedAttempts: attempts });
    return { kind: 'wrong', left: PIN_MAX_ATTEMPTS - attempts };
  });

  if (outcome.kind === 'locked') {
    const user = await users.findUserById(ctx.db, options.userId);
    if (user) {
      await sendSecurityNotice(
        ctx,
        user,
        `Withdrawals on your Karta account were locked for ${String(PIN_LOCK_MINUTES)} minutes after ${String(PIN_MAX_ATTEMPTS)} wrong PINs`,
      );
    }
    throw lockedError(addSeconds(now, PIN_LOCK_MINUTES * 60), now);
  }
  if (outcome.kind === 'wrong') {
    throw new AppError(
      'UNAUTHORIZED',
      `Wrong PIN. ${String(outcome.left)} ${outcome.left === 1 ? 'try' : 'tries'} left before withdrawals lock for ${String(PIN_LOCK_MINUTES)} minutes.`,
      { field: 'pin' },
    );
  }
}

/**
 * An operator lifts the five-wrong-PINs lock before its time (the seller called support), with a
 * reason; the count starts again from zero. Audited in the same transaction as the change.
 */
export async function unlockPin(
  ctx: AppContext,
  options: { actor: Actor; userId: string; reason: string },
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const target = await loadTargetForStaff(tx, options);
    if (!target.pinLockedUntil || target.pinLockedUntil <= now) {
      throw new AppError('CONFLICT', 'This PIN is not locked.', { domainCode: 'ALREADY_DECIDED' });
    }
    await accounts.updateUser(tx, target.id, { pinFailedAttempts: 0, pinLockedUntil: null });
    await recordAudit(tx, {
      actor: options.actor,
      action: 'pin.unlocked',
      targetType: 'user',
      targetId: target.id,
      before: { locked_until: target.pinLockedUntil.toISOString() },
      after: { locked_until: null, reason: options.reason },
    });
  });
}
