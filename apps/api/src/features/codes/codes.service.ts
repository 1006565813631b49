import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
} from '@karta/shared/constants';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { CodePurpose } from '../../db/schema/one-time-codes';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { createDigits, isSameSecret, keyedHash } from '../../lib/secrets';
import { lockUser } from '../../lib/users';
import * as codes from './codes.repository';

const HOUR_SECONDS = 3600;

/** The hash binds the code to its account and purpose: a code for one never opens another. */
const hashCode = (ctx: AppContext, userId: string, purpose: CodePurpose, code: string) =>
  keyedHash(ctx.keys.codeHashes, `otp:${userId}:${purpose}:${code}`);

const secondsBetween = (later: Date, earlier: Date) => (later.getTime() - earlier.getTime()) / 1000;

/**
 * Makes a fresh code and voids the previous one of the same purpose. At most one send every
 * 30 seconds per purpose and five an hour per address, answered with 429 and Retry-After.
 * Returns the code in clear so the caller can mail it; only its hash is stored.
 */
export async function issueCode(
  ctx: AppContext,
  options: { userId: string; purpose: CodePurpose; ttlSeconds?: number },
): Promise<string> {
  const { userId, purpose, ttlSeconds = OTP_TTL_SECONDS } = options;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Serialises sends for one account, so two quick requests cannot both pass the limits.
    await lockUser(tx, userId);
    const latest = await codes.findLatestCodeTime(tx, userId, purpose);
    if (latest) {
      const wait = OTP_RESEND_SECONDS - secondsBetween(now, latest);
      if (wait > 0) {
        const seconds = Math.ceil(wait);
        throw new AppError(
          'RATE_LIMITED',
          `Please wait ${seconds} seconds before asking for a new code.`,
          { retryAfterSeconds: seconds },
        );
      }
    }
    const { sent, oldest } = await codes.countCodesSince(
      tx,
      userId,
      addSeconds(now, -HOUR_SECONDS),
    );
    if (sent >= OTP_MAX_SENDS_PER_HOUR && oldest) {
      const wait = HOUR_SECONDS - secondsBetween(now, oldest);
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw new AppError(
        'RATE_LIMITED',
        `You have asked for ${OTP_MAX_SENDS_PER_HOUR} codes in the last hour. Please try again in ${minutes} minutes.`,
        { retryAfterSeconds: Math.ceil(wait) },
      );
    }
    const replaced = await codes.voidLiveCodes(tx, userId, purpose, now);
    // A new code is never the one it replaces (one time in a million by chance): "the old code
    // stops working" then holds every time, for the user and for the test that says so.
    let code = createDigits(OTP_LENGTH);
    while (replaced.includes(hashCode(ctx, userId, purpose, code))) code = createDigits(OTP_LENGTH);
    await codes.insertCode(tx, {
      userId,
      purpose,
      codeHash: hashCode(ctx, userId, purpose, code),
      createdAt: now,
      expiresAt: addSeconds(now, ttlSeconds),
    });
    return code;
  });
}

type CheckResult = { ok: true } | { ok: false; error: AppError };

/**
 * Checks a code and uses it up. Runs in its own transaction so that a wrong guess is counted
 * even though the caller's request fails: five wrong guesses void the code.
 */
export async function consumeCode(
  ctx: AppContext,
  options: { userId: string; purpose: CodePurpose; code: string },
): Promise<void> {
  const { userId, purpose, code } = options;
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx): Promise<CheckResult> => {
    const row = await codes.lockLiveCode(tx, userId, purpose);
    if (!row || row.expiresAt <= now) {
      return {
        ok: false,
        error: new AppError(
          'BAD_REQUEST',
          'This code has expired or has been replaced. Request a new one.',
          {
            field: 'otp',
          },
        ),
      };
    }
    if (!isSameSecret(row.codeHash, hashCode(ctx, userId, purpose, code))) {
      const failedAttempts = row.failedAttempts + 1;
      const isSpent = failedAttempts >= OTP_MAX_ATTEMPTS;
      await codes.updateCode(tx, row.id, { failedAttempts, voidedAt: isSpent ? now : null });
      const left = OTP_MAX_ATTEMPTS - failedAttempts;
      const message = isSpent
        ? 'Too many wrong codes. This code no longer works: request a new one.'
        : `That code is not correct. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`;
      return { ok: false, error: new AppError('UNAUTHORIZED', message, { field: 'otp' }) };
    }
    await codes.updateCode(tx, row.id, { consumedAt: now });
    return { ok: true };
  });
  if (!result.ok) throw result.error;
}

/** Ends a purpose's live codes in the caller's transaction (a staff invitation withdrawn). */
export const voidCodes = (tx: Executor, userId: string, purpose: CodePurpose, at: Date) =>
  codes.voidLiveCodes(tx, userId, purpose, at);
