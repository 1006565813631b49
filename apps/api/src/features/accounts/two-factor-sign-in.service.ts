import type { DeviceKind } from '@karta/shared/constants';
import { DEVICES } from '@karta/shared/constants';
import {
  SIGN_IN_CHALLENGE_SECONDS,
  SIGN_IN_CHALLENGE_TRIES,
  type TwoFactorChallenge,
  type TwoFactorMethod,
  type TwoFactorSignInInput,
} from '@karta/shared/schemas/two-factor';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { createOpaqueToken, hashToken } from '../../lib/secrets';
import { findUserById, type UserRow } from '../../lib/users';
import { recordNotice } from '../notices/notices.service';
import { startSession, type IssuedSession } from '../sessions/sessions.service';
import { sendSecurityNotice } from './account-mails';
import { accountPasskeyOptions, confirmWithAccountPasskey } from './passkey-assertion';
import { countCodeTry, takeRecoveryCode, takeTotpCode } from './two-factor-codes';
import { markSessionSteppedUp } from './two-factor-session';
import * as twoFactor from './two-factor.repository';
import { hasTwoStep, type SecondFactors } from './two-step.service';

const CHALLENGE_OVER =
  'This sign-in has expired or had too many wrong codes. Sign in again with your password.';
const WRONG_CODE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now.';
const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was used already.';
const WRONG_PASSKEY = 'That passkey did not confirm it is you. Try again, or use another way.';

/**
 * The password was right and the account has two-step sign-in on: no session yet, a challenge
 * instead (no token, no cookie). Its id is a 256-bit bearer value the client sends back with a
 * code or a passkey's answer; only its hash is kept. The methods are the account's own: an
 * authenticator app brings its codes and recovery codes, passkeys bring their options.
 */
export async function startTwoFactorChallenge(
  ctx: AppContext,
  options: { user: UserRow; factors: SecondFactors; device: DeviceKind },
): Promise<TwoFactorChallenge> {
  const { factors } = options;
  const challengeId = createOpaqueToken();
  const now = ctx.clock.now();
  await twoFactor.insertChallenge(ctx.db, {
    tokenHash: hashToken(challengeId),
    userId: options.user.id,
    device: options.device,
    createdAt: now,
    expiresAt: addSeconds(now, SIGN_IN_CHALLENGE_SECONDS),
  });
  const methods: TwoFactorMethod[] = factors.totp ? ['totp', 'recovery_code'] : [];
  const passkeyOptions =
    factors.passkeys > 0 ? await accountPasskeyOptions(ctx, options.user) : undefined;
  if (passkeyOptions) methods.push('passkey');
  return {
    two_factor_required: true,
    methods,
    challenge_id: challengeId,
    ...(passkeyOptions && { passkey_options: passkeyOptions }),
  };
}

/**
 * The sign-in's second step: a live challenge (five minutes, five tries, each try counted before
 * the code is compared) and an authenticator code (once, ±1 step), an unused recovery code or
 * the answer of one of the account's passkeys. Then the same session a plain sign-in starts,
 * already stepped up: the second factor was just given.
 */
export async function completeTwoFactorSignIn(
  ctx: AppContext,
  options: { input: TwoFactorSignInInput; ip: string },
): Promise<{ user: UserRow; session: IssuedSession }> {
  const { input } = options;
  const now = ctx.clock.now();
  const tokenHash = hashToken(input.challenge_id);
  const challenge = await twoFactor.takeChallengeTry(ctx.db, {
    tokenHash,
    now,
    maxTries: SIGN_IN_CHALLENGE_TRIES,
  });
  if (!challenge) throw new AppError('UNAUTHORIZED', CHALLENGE_OVER, { field: 'challenge_id' });
  const user = await findUserById(ctx.db, challenge.userId);
  // Suspended, deactivated or two-step turned off since the password: start again.
  if (user?.status !== 'active' || !(await hasTwoStep(ctx.db, user))) {
    throw new AppError('UNAUTHORIZED', CHALLENGE_OVER, { field: 'challenge_id' });
  }
  await countCodeTry(ctx, { userId: user.id, ip: options.ip });
  const byRecoveryCode = input.recovery_code !== undefined;
  const result = await ctx.db.transaction(async (tx) => {
    const isRight =
      input.passkey !== undefined
        ? await confirmWithAccountPasskey(ctx, { user, response: input.passkey, tx })
        : input.recovery_code !== undefined
          ? await takeRecoveryCode(ctx, { userId: user.id, code: input.recovery_code, tx })
          : await takeTotpCode(ctx, { userId: user.id, code: input.code ?? '', tx });
    if (!isRight) return null;
    // Another request answered this challenge meanwhile: roll back the code this one took.
    if (!(await twoFactor.useChallenge(tx, challenge.id, now))) {
      throw new AppError('UNAUTHORIZED', CHALLENGE_OVER, { field: 'challenge_id' });
    }
    const device = DEVICES.find((known) => known === challenge.device) ?? 'web';
    const session = await startSession(ctx, { user, device, tx });
    await markSessionSteppedUp(ctx, { tx, userId: user.id, sessionId: session.sessionId });
    if (byRecoveryCode) {
      await recordNotice(tx, {
        userId: user.id,
        kind: 'recovery_code_used',
        title: 'A recovery code was used',
        body: 'Someone signed in to your account with one of your recovery codes. Each works once: if it was not you, change your password and contact us.',
        at: now,
      });
    }
    return session;
  });
  if (!result) throw wrongSecondFactor(input);
  if (byRecoveryCode) {
    await sendSecurityNotice(
      ctx,
      user,
      'A recovery code was used to sign in to your Karta account',
    );
  }
  return { user, session: result };
}

/** A wrong answer, said of the field that carried it. */
function wrongSecondFactor(input: TwoFactorSignInInput): AppError {
  if (input.passkey !== undefined) {
    return new AppError('UNAUTHORIZED', WRONG_PASSKEY, { field: 'passkey' });
  }
  if (input.recovery_code !== undefined) {
    return new AppError('UNAUTHORIZED', WRONG_RECOVERY_CODE, { field: 'recovery_code' });
  }
  return new AppError('UNAUTHORIZED', WRONG_CODE, { field: 'code' });
}
