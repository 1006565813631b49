import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS } from '@karta/shared/constants';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { addSeconds } from '../../lib/clock';
import { verifySecret } from '../../lib/passwords';
import * as accounts from './accounts.repository';
import * as users from '../../lib/users';
import type { UserRow } from '../../lib/users';
import { sendSecurityNotice } from './account-mails';
import { loadTargetForStaff } from './staff-rules';

const LOCKED = `Too many wrong PINs. Withdrawals are locked for ${String(PIN_LOCK_MINUTES)} minutes.`;
const NO_PIN = 'Set your withdrawal PIN first, in Settings → Change PIN.';
const NOT_ACTIVE = 'This account cannot withdraw. Please contact support.';

const lockedError = (until: Date, now: Date) =>
  new AppError('RATE_LIMITED', LOCKED, {
    field: 'pin',
    retryAfterSeconds: (until.getTime() - now.getTime()) / 1000,
  });

/** Why the PIN is not compared: the account cannot withdraw, has no PIN, or is locked. */
function refusalOf(
  user: { status: UserRow['status']; hasPin: boolean; pinLockedUntil: Date | null },
  now: Date,
): AppError | null {
  // A suspension that landed after the request was let in still stops the withdrawal here.
  if (user.status !== 'active') return new AppError('BAD_REQUEST', NOT_ACTIVE);
  if (!user.hasPin) return new AppError('BAD_REQUEST', NO_PIN, { field: 'pin' });
  if (user.pinLockedUntil && user.pinLockedUntil > now)
    return lockedError(user.pinLockedUntil, now);
  return null;
}

/**
 * Checks the withdrawal PIN so that parallel guesses take turns and the fifth wrong one locks
 * withdrawals for 30 minutes however many arrive at once. The lock is written to the audit log
 * with it (operators see who was locked, when and from where), and the owner is mailed. A
 * right PIN resets the count; a locked account is refused before the PIN is even compared, so
 * the lock is no oracle. Changing the PIN leaves a running lock in place: it ends only by time.
 *
 * The argon2id comparison (15 ms of a thread, far more under load) runs with no transaction
 * open and no row locked (decision 046: holding both across it made one user's requests, and the
 * pool's connections, wait on the hash). `user` is the row the request was signed in with, read
 * moments ago. Then one statement, the same for a right and a wrong PIN, locks the row and
 * writes the outcome (recordPinOutcome); the state it found decides, as the row read under the
 * lock did before: a lock or a suspension that landed while the PIN was compared refuses it,
 * right or wrong, with the same answer after the same round trip.
 */
export async function checkWithdrawalPin(
  ctx: AppContext,
  options: { user: UserRow; pin: string; ip: string },
): Promise<void> {
  const now = ctx.clock.now();
  const { user } = options;
  const early = refusalOf({ ...user, hasPin: user.pinHash !== null }, now);
  if (early) throw early;
  const isRight = user.pinHash !== null && (await verifySecret(user.pinHash, options.pin));
  const lockedUntil = addSeconds(now, PIN_LOCK_MINUTES * 60);
  const found = await accounts.recordPinOutcome(ctx.db, {
    userId: user.id,
    isRight,
    now,
    maxAttempts: PIN_MAX_ATTEMPTS,
    lockedUntil,
    ip: options.ip,
  });
  if (!found) throw new AppError('BAD_REQUEST', NOT_ACTIVE);
  const refused = refusalOf(found, now);
  if (refused) throw refused;
  if (isRight) return;
  const left = PIN_MAX_ATTEMPTS - (found.pinFailedAttempts + 1);
  if (left <= 0) {
    const owner = await users.findUserById(ctx.db, user.id);
    if (owner) {
      await sendSecurityNotice(
        ctx,
        owner,
        `Withdrawals on your Karta account were locked for ${String(PIN_LOCK_MINUTES)} minutes after ${String(PIN_MAX_ATTEMPTS)} wrong PINs`,
      );
    }
    throw lockedError(lockedUntil, now);
  }
  throw new AppError(
    'UNAUTHORIZED',
    `Wrong PIN. ${String(left)} ${left === 1 ? 'try' : 'tries'} left before withdrawals lock for ${String(PIN_LOCK_MINUTES)} minutes.`,
    { field: 'pin' },
  );
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
