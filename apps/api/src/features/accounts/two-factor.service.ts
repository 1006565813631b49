import type { TwoFactorStatus } from '@karta/shared/schemas/two-factor';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sealSecret } from '../../lib/secret-box';
import { lockAndFindUser, type UserRow } from '../../lib/users';
import { recordNotice } from '../notices/notices.service';
import { sendSecurityNotice } from './account-mails';
import * as accounts from './accounts.repository';
import { checkPassword } from './password-throttle';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { newTotpSecret, totpUrlOf } from './totp';
import { qrSvgOf } from './totp-qr';
import { countCodeTry, isTotpCode, takeRecoveryCode, takeTotpCode } from './two-factor-codes';
import { markSessionSteppedUp } from './two-factor-session';
import { countPasskeys } from './passkeys.repository';
import * as twoFactor from './two-factor.repository';

const ALREADY_ON =
  'Two-step sign-in is already on. Turn it off first to move it to another authenticator app.';
const NOT_ON = 'Two-step sign-in is not on for this account.';
const NO_SETUP = 'Start the setup again: scan the new QR code, then enter the code it shows.';
const WRONG_CODE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now.';
const WRONG_CODE_OR_RECOVERY =
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or an unused recovery code.';

/** What `current_user` says of the account's second factors. */
export async function getTwoFactorStatus(ctx: AppContext, user: UserRow): Promise<TwoFactorStatus> {
  const isOn = user.twoFactorEnabledAt !== null;
  return {
    totp: isOn,
    passkeys: await countPasskeys(ctx.db, user.id),
    recovery_codes_left: isOn ? await twoFactor.countUnusedRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/**
 * A new authenticator secret for the account, after the password again. Nothing is on yet: the
 * first code from the app confirms it (`enableTotp`), and a setup never confirmed is replaced by
 * the next. The secret is stored sealed and shown only in this answer.
 */
export async function setUpTotp(
  ctx: AppContext,
  options: { user: UserRow; password: string; ip: string },
) {
  const { user } = options;
  await checkPassword(ctx, { user, password: options.password, ip: options.ip });
  if (user.twoFactorEnabledAt !== null) {
    throw new AppError('CONFLICT', ALREADY_ON, { domainCode: 'ALREADY_EXISTS' });
  }
  const secret = newTotpSecret();
  await twoFactor.saveUnconfirmedTotp(ctx.db, {
    userId: user.id,
    sealedSecret: sealSecret(ctx.keys.totpSecrets, secret, user.id),
    createdAt: ctx.clock.now(),
  });
  const url = totpUrlOf(secret, user.email);
  return { secret, otpauth_url: url, qr_svg: await qrSvgOf(url) };
}

/**
 * The first code from the app turns two-step sign-in on, and answers ten recovery codes, shown
 * this once (only their keyed hashes are kept). A wrong code changes nothing but the count of
 * codes tried. The code is also this session's fresh second factor (step-up).
 */
export async function enableTotp(
  ctx: AppContext,
  options: { user: UserRow; code: string; sessionId: string | null; ip: string },
) {
  const { user } = options;
  if (user.twoFactorEnabledAt !== null) {
    throw new AppError('CONFLICT', ALREADY_ON, { domainCode: 'ALREADY_EXISTS' });
  }
  const pending = await twoFactor.findTotpCredential(ctx.db, user.id);
  if (!pending || pending.confirmedAt !== null) {
    throw new AppError('BAD_REQUEST', NO_SETUP, { field: 'code' });
  }
  await countCodeTry(ctx, { userId: user.id, ip: options.ip });
  const codes = newRecoveryCodes();
  const now = ctx.clock.now();
  const enabled = await ctx.db.transaction(async (tx) => {
    const owner = await lockAndFindUser(tx, user.id);
    if (owner?.twoFactorEnabledAt !== null) return null;
    if (!(await takeTotpCode(ctx, { userId: user.id, code: options.code, isSetup: true, tx }))) {
      return null;
    }
    await twoFactor.confirmTotp(tx, user.id, now);
    await twoFactor.replaceRecoveryCodes(
      tx,
      user.id,
      codes.map((code) => hashRecoveryCode(ctx.keys.recoveryCodes, user.id, code)),
      now,
    );
    const updated = await accounts.updateUser(tx, user.id, { twoFactorEnabledAt: now });
    await markSessionSteppedUp(ctx, { tx, userId: user.id, sessionId: options.sessionId });
    await recordNotice(tx, {
      userId: user.id,
      kind: 'two_factor_on',
      title: 'Two-step sign-in is on',
      body: 'Signing in now takes your password and a code from your authenticator app. Keep your recovery codes somewhere safe.',
      at: now,
    });
    return updated;
  });
  if (!enabled) throw new AppError('UNAUTHORIZED', WRONG_CODE, { field: 'code' });
  await sendSecurityNotice(ctx, enabled, 'Two-step sign-in was turned on for your Karta account');
  return { recovery_codes: codes };
}

/**
 * Turns two-step sign-in off with the password and a code (the app's or a recovery code): the
 * code is the fresh second factor this change needs. Mailed, and told in the bell.
 */
export async function disableTwoFactor(
  ctx: AppContext,
  options: { user: UserRow; password: string; code: string; ip: string },
) {
  const { user } = options;
  await checkPassword(ctx, { user, password: options.password, ip: options.ip });
  if (user.twoFactorEnabledAt === null) throw new AppError('BAD_REQUEST', NOT_ON);
  await countCodeTry(ctx, { userId: user.id, ip: options.ip });
  const now = ctx.clock.now();
  const turnedOff = await ctx.db.transaction(async (tx) => {
    const owner = await lockAndFindUser(tx, user.id);
    if (owner?.twoFactorEnabledAt === null) return null;
    const code = { userId: user.id, code: options.code, tx };
    const isRight = isTotpCode(options.code)
      ? await takeTotpCode(ctx, code)
      : await takeRecoveryCode(ctx, code);
    if (!isRight) return null;
    // Passkeys are a second factor too (decision 062): with one left, two-step stays on.
    const passkeysLeft = await countPasskeys(tx, user.id);
    const updated = await turnOffTwoFactor(tx, {
      userId: user.id,
      at: now,
      body:
        passkeysLeft > 0
          ? 'Your authenticator app no longer works for your account. Signing in with your password still asks for one of your passkeys.'
          : 'Signing in takes only your password again. You can turn two-step sign-in back on in Settings.',
    });
    return { updated, passkeysLeft };
  });
  if (!turnedOff) throw new AppError('UNAUTHORIZED', WRONG_CODE_OR_RECOVERY, { field: 'code' });
  await sendSecurityNotice(
    ctx,
    turnedOff.updated,
    turnedOff.passkeysLeft > 0
      ? 'The authenticator app was removed from your Karta account'
      : 'Two-step sign-in was turned off for your Karta account',
  );
}

/** Forgets the account's second factors and says so in the bell, in the caller's transaction. */
export async function turnOffTwoFactor(
  tx: Executor,
  options: { userId: string; at: Date; body: string },
): Promise<UserRow> {
  await twoFactor.deleteTwoFactor(tx, options.userId);
  const updated = await accounts.updateUser(tx, options.userId, { twoFactorEnabledAt: null });
  await recordNotice(tx, {
    userId: options.userId,
    kind: 'two_factor_off',
    title: 'Two-step sign-in is off',
    body: options.body,
    at: options.at,
  });
  return updated;
}
