import type { LoginInput, ReactivateInput } from '@karta/shared/schemas/auth';
import { MESSAGES } from '@karta/shared/messages';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { startSession } from '../sessions/sessions.service';
import * as throttle from '../throttle/throttle.service';
import { sendCode } from './account-mails';
import * as accounts from './accounts.repository';
import { verifyCredentials } from './credentials';

const WINDOW_SECONDS = 15 * 60;
/** Ten wrong passwords for one account, or thirty from one address, in fifteen minutes. */
const accountRule = (email: string): throttle.ThrottleRule => ({
  key: `login-account:${email}`,
  limit: 10,
  windowSeconds: WINDOW_SECONDS,
});
const ipRule = (ip: string): throttle.ThrottleRule => ({
  key: `login-ip:${ip}`,
  limit: 30,
  windowSeconds: WINDOW_SECONDS,
});

/**
 * Password checks behind a failed-attempt throttle, per account and per IP. Only failures
 * count, and a success clears the account's count.
 */
async function checkPasswordThrottled(
  ctx: AppContext,
  options: { email: string; password: string; ip: string },
) {
  const now = ctx.clock.now();
  const perAccount = accountRule(options.email);
  const rules = [perAccount, ipRule(options.ip)];
  for (const rule of rules) {
    const wait = await throttle.secondsUntilAllowed(ctx.db, rule, now);
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
    const user = await verifyCredentials(ctx, options.email, options.password);
    await throttle.clearHits(ctx.db, perAccount.key);
    return user;
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
      for (const rule of rules) await throttle.recordHit(ctx.db, rule, now);
    }
    throw error;
  }
}

export async function login(ctx: AppContext, input: LoginInput & { ip: string }) {
  const user = await checkPasswordThrottled(ctx, input);
  switch (user.status) {
    case 'deactivated':
      // The web app matches this message to send the user to reactivation (spec §4).
      throw new AppError('BAD_REQUEST', MESSAGES.ACCOUNT_DEACTIVATED);
    case 'suspended':
      throw new AppError(
        'BAD_REQUEST',
        `This account is suspended. Please contact support at ${ctx.config.supportEmail}.`,
      );
    case 'pending_verification':
      return unconfirmedLogin(ctx, user);
    case 'deleted':
      throw new AppError('UNAUTHORIZED', 'Email or password is incorrect.');
    case 'active':
      break;
  }
  const session = await startSession(ctx, { user, device: input.device });
  return { user, session };
}

/** An unconfirmed account gets a fresh code (unless one went out moments ago) and says so. */
async function unconfirmedLogin(ctx: AppContext, user: accounts.UserRow): Promise<never> {
  try {
    await sendCode(ctx, user, 'account_verification');
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
  }
  throw new AppError('BAD_REQUEST', MESSAGES.ACCOUNT_NOT_CONFIRMED, { field: 'email' });
}

export async function reactivateAccount(ctx: AppContext, input: ReactivateInput & { ip: string }) {
  const user = await checkPasswordThrottled(ctx, input);
  if (user.status !== 'deactivated') {
    throw new AppError('BAD_REQUEST', 'This account is not deactivated. Sign in instead.');
  }
  return accounts.updateUser(ctx.db, user.id, { status: 'active', deactivatedAt: null });
}
