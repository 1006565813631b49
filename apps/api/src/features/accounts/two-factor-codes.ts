import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { openSecret } from '../../lib/secret-box';
import * as throttle from '../throttle/throttle.service';
import { hashRecoveryCode } from './recovery-codes';
import { stepOfCode } from './totp';
import * as twoFactor from './two-factor.repository';

const WINDOW_SECONDS = 15 * 60;
/**
 * Codes tried, right or wrong, per account and per address in fifteen minutes: counted before
 * the code is compared, so a burst sent at once is held to the limit too (throttle.countAttempt).
 * A sign-in challenge has its own five tries on top; this holds every way a code is tried
 * (sign-in, step-up, turning two-step on or off) to one budget, as the password throttle does.
 */
const codeRules = (userId: string, ip: string): throttle.ThrottleRule[] => [
  { key: `two-factor-account:${userId}`, limit: 10, windowSeconds: WINDOW_SECONDS },
  { key: `two-factor-ip:${ip}`, limit: 60, windowSeconds: WINDOW_SECONDS },
];

/** Counts one code try for the account; 429 with Retry-After when it is one too many. */
export async function countCodeTry(ctx: AppContext, options: { userId: string; ip: string }) {
  const wait = await throttle.countAttempt(
    ctx.db,
    codeRules(options.userId, options.ip),
    ctx.clock.now(),
  );
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new AppError(
      'RATE_LIMITED',
      `Too many codes tried. Please try again in ${String(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      { retryAfterSeconds: wait },
    );
  }
}

/** The account's authenticator secret in clear, or null when it has none this key opens. */
function openTotpSecret(ctx: AppContext, credential: twoFactor.TotpCredentialRow) {
  return openSecret(ctx.keys.totpSecrets, credential.sealedSecret, credential.userId);
}

/**
 * Takes an authenticator code: true when it is the code of now (±1 step) and no code of its
 * step or a later one was taken before, which it then records. A code is accepted once.
 */
export async function takeTotpCode(
  ctx: AppContext,
  options: { userId: string; code: string; isSetup?: boolean; tx?: Executor },
): Promise<boolean> {
  const { userId, code, tx = ctx.db } = options;
  const credential = await twoFactor.findTotpCredential(tx, userId);
  if (!credential) return false;
  // A confirmed authenticator answers every check but the setup's; an unconfirmed one only that.
  if ((credential.confirmedAt === null) !== (options.isSetup ?? false)) return false;
  const secret = openTotpSecret(ctx, credential);
  if (secret === null) return false;
  const step = stepOfCode(secret, code, ctx.clock.now());
  if (step === null) return false;
  return twoFactor.takeTotpStep(tx, userId, step);
}

/** Spends a recovery code of the account: true for the one request that spent it. */
export function takeRecoveryCode(
  ctx: AppContext,
  options: { userId: string; code: string; tx?: Executor },
): Promise<boolean> {
  const { userId, tx = ctx.db } = options;
  return twoFactor.useRecoveryCode(tx, {
    userId,
    codeHash: hashRecoveryCode(ctx.keys.recoveryCodes, userId, options.code),
    at: ctx.clock.now(),
  });
}

/** A TOTP is six digits; anything else sent where either is taken is a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.trim());
