import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import * as throttle from '../throttle/throttle.service';

/**
 * Registration answers which e-mail or phone already has an account (the spec's words), and a
 * signed-out code request answers differently for an account waiting for confirmation; neither
 * can be made to say less, so both are made slow to ask (decision 054). Every attempt that
 * passes validation counts, whatever it answers: per IP (SIGNUP_LIMIT_PER_IP an hour, 30 by
 * default) and per address from anywhere (10 an hour each), in `rate_counters` like the
 * password throttle (decision 004), so the limits hold across every API process.
 */

const HOUR_SECONDS = 60 * 60;
/** Attempts an hour on one e-mail or phone: a person retrying a form never gets near it. */
const PER_ADDRESS_LIMIT = 10;

const rule = (key: string, limit: number): throttle.ThrottleRule => ({
  key,
  limit,
  windowSeconds: HOUR_SECONDS,
});

async function countOrRefuse(ctx: AppContext, rules: throttle.ThrottleRule[]): Promise<void> {
  const wait = await throttle.countAttempt(ctx.db, rules, ctx.clock.now());
  if (wait === 0) return;
  const minutes = Math.ceil(wait / 60);
  throw new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${String(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfterSeconds: wait },
  );
}

/** `POST /auth/register`: one attempt from `ip` for this e-mail and phone. */
export const countRegistration = (
  ctx: AppContext,
  options: { ip: string; email: string; mobileNumber: string },
) =>
  countOrRefuse(ctx, [
    rule(`register-ip:${options.ip}`, ctx.config.signupLimitPerIp),
    rule(`register-email:${options.email}`, PER_ADDRESS_LIMIT),
    rule(`register-phone:${options.mobileNumber}`, PER_ADDRESS_LIMIT),
  ]);

/** `GET /user/request_otp`: one code request from `ip` for this e-mail. */
export const countCodeRequest = (ctx: AppContext, options: { ip: string; email: string }) =>
  countOrRefuse(ctx, [
    rule(`code-request-ip:${options.ip}`, ctx.config.signupLimitPerIp),
    rule(`code-request-email:${options.email}`, PER_ADDRESS_LIMIT),
  ]);
