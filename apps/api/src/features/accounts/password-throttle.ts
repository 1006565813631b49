import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import * as throttle from '../throttle/throttle.service';
import type { UserRow } from '../../lib/users';
import { assertPassword, verifyCredentials } from './credentials';

const WINDOW_SECONDS = 15 * 60;
/**
 * Ten wrong passwords for one account, or thirty from one address, in fifteen minutes. Every
 * endpoint that checks a password counts against the same two counters, so no endpoint can be
 * used to keep guessing while another is locked.
 */
const accountRule = (email: string): throttle.ThrottleRule => ({
  key: `password-account:${email}`,
  limit: 10,
  windowSeconds: WINDOW_SECONDS,
});
const ipRule = (ip: string): throttle.ThrottleRule => ({
  key: `password-ip:${ip}`,
  limit: 30,
  windowSeconds: WINDOW_SECONDS,
});

/**
 * Runs one password check behind the throttle. Only a wrong password (a 401 from `check`)
 * counts; a right one clears the account's count.
 */
async function throttled<T>(
  ctx: AppContext,
  options: { email: string; ip: string },
  check: () => Promise<T>,
): Promise<T> {
  const now = ctx.clock.now();
  const perAccount = accountRule(options.email);
  const rules = [perAccount, ipRule(options.ip)];
  const hits = await throttle.readHits(ctx.db, rules, now);
  for (const rule of rules) {
    const wait = hits.secondsUntilAllowed(rule);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        { retryAfterSeconds: wait },
      );
    }
  }
  try {
    const result = await check();
    // Nothing to clear, most of the time: no statement then.
    if (hits.hasAny(perAccount.key)) await throttle.clearHits(ctx.db, perAccount.key);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
      for (const rule of rules) await throttle.recordHit(ctx.db, rule, now);
    }
    throw error;
  }
}

/**
 * Signed out: the account for an e-mail and password. `isEligible` narrows which accounts may
 * pass; any other answers exactly as a wrong password does (and counts as one).
 */
export function checkCredentials(
  ctx: AppContext,
  options: {
    email: string;
    password: string;
    ip: string;
    isEligible?: (user: UserRow) => boolean;
  },
): Promise<UserRow> {
  return throttled(ctx, options, () =>
    verifyCredentials(ctx, options.email, options.password, options.isEligible),
  );
}

/** Signed in: the caller's own password again, before a sensitive change. */
export function checkPassword(
  ctx: AppContext,
  options: { user: UserRow; password: string; ip: string },
): Promise<void> {
  const { user, password } = options;
  return throttled(ctx, { email: user.email, ip: options.ip }, () =>
    assertPassword(user, password),
  );
}
