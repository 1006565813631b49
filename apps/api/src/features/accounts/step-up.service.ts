import { STEP_UP_FIELDS, type StepUpInput } from '@karta/shared/schemas/two-factor';
import type { FieldError } from '@karta/shared/schemas/common';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../../lib/users';
import {
  accountPasskeyOptions,
  confirmWithAccountPasskey,
  countPasskeyTry,
} from './passkey-assertion';
import { countCodeTry, takeTotpCode } from './two-factor-codes';
import { markSessionSteppedUp } from './two-factor-session';
import * as twoFactor from './two-factor.repository';
import { isTwoStepOn, secondFactorsOf, type SecondFactors } from './two-step.service';

const BY_CODE = 'Enter the 6-digit code from your authenticator app to confirm this change.';
const BY_PASSKEY = 'Confirm this change with one of your passkeys.';
const BY_EITHER =
  'Confirm this change with the 6-digit code from your authenticator app, or with one of your passkeys.';
const WRONG_CODE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now.';
const WRONG_PASSKEY = 'That passkey did not confirm it is you. Please try again.';
const NOT_ON = 'Two-step sign-in is not on for this account: there is nothing to confirm.';
const NO_PASSKEYS =
  'This account has no passkey. Confirm with the code from your authenticator app.';
const NO_APP = 'This account has no authenticator app. Confirm with one of your passkeys.';
const NO_SESSION = 'Sign in again, then confirm with your code.';

/**
 * 401 `STEP_UP_REQUIRED`: its `errors` name each way this account can confirm (the code header,
 * a passkey: STEP_UP_FIELDS), so a client offers exactly those; the web app asks in place and
 * sends the request again.
 */
function stepUpRequired(factors: SecondFactors, wrongCode = false) {
  const ways: FieldError[] = [];
  if (factors.totp) {
    ways.push({ field: STEP_UP_FIELDS.totp, message: wrongCode ? WRONG_CODE : BY_CODE });
  }
  if (factors.passkeys > 0) ways.push({ field: STEP_UP_FIELDS.passkey, message: BY_PASSKEY });
  const message = wrongCode
    ? WRONG_CODE
    : factors.totp && factors.passkeys > 0
      ? BY_EITHER
      : factors.totp
        ? BY_CODE
        : BY_PASSKEY;
  return new AppError('UNAUTHORIZED', message, { domainCode: 'STEP_UP_REQUIRED', errors: ways });
}

/**
 * The one check behind every change that needs a fresh second factor (decision 061), run by the
 * auth plugin's `requireStepUp`: nothing for an account without two-step sign-in; else the
 * session must have been given a second factor in the last five minutes (a code or a passkey,
 * `stepUp`), or this request must carry a code (`X-Two-Factor-Code`), which then steps the
 * session up as `stepUp` would. A passkey cannot ride in a header: it is given to `stepUp` first.
 */
export async function checkStepUp(
  ctx: AppContext,
  options: { user: UserRow; sessionId: string | null; code: string | undefined; ip: string },
): Promise<void> {
  const { user, sessionId } = options;
  const factors = await secondFactorsOf(ctx.db, user);
  if (!isTwoStepOn(factors)) return;
  const now = ctx.clock.now();
  if (
    sessionId !== null &&
    (await twoFactor.isSteppedUp(ctx.db, { sessionId, userId: user.id, now }))
  ) {
    return;
  }
  if (options.code === undefined || !factors.totp) throw stepUpRequired(factors);
  await countCodeTry(ctx, { userId: user.id, ip: options.ip });
  if (!(await takeTotpCode(ctx, { userId: user.id, code: options.code }))) {
    throw stepUpRequired(factors, true);
  }
  await markSessionSteppedUp(ctx, { userId: user.id, sessionId });
}

/**
 * `POST /user/two_factor/step_up/options/{user_id}`: the options for confirming with one of the
 * account's passkeys, whose answer `stepUp` takes.
 */
export async function startStepUpWithPasskey(ctx: AppContext, options: { user: UserRow }) {
  // The same count as adding a passkey: each call keeps a challenge.
  await countPasskeyTry(ctx, `account:${options.user.id}`, 30);
  const passkeyOptions = await accountPasskeyOptions(ctx, options.user);
  if (!passkeyOptions) throw new AppError('BAD_REQUEST', NO_PASSKEYS);
  return { options: passkeyOptions };
}

/**
 * `POST /user/two_factor/step_up/{user_id}`: a code or a passkey's answer now, so the next five
 * minutes of this session need no other for the changes that ask for one. Answers until when.
 */
export async function stepUp(
  ctx: AppContext,
  options: { user: UserRow; sessionId: string | null; input: StepUpInput; ip: string },
): Promise<{ stepped_up_until: string }> {
  const { user, sessionId, input } = options;
  const factors = await secondFactorsOf(ctx.db, user);
  if (!isTwoStepOn(factors)) throw new AppError('BAD_REQUEST', NOT_ON);
  if (sessionId === null) throw new AppError('BAD_REQUEST', NO_SESSION);
  await countCodeTry(ctx, { userId: user.id, ip: options.ip });
  if (input.passkey !== undefined) {
    if (!(await confirmWithAccountPasskey(ctx, { user, response: input.passkey }))) {
      throw new AppError('UNAUTHORIZED', WRONG_PASSKEY, { field: 'passkey' });
    }
  } else {
    if (!factors.totp) throw new AppError('BAD_REQUEST', NO_APP, { field: 'code' });
    if (!(await takeTotpCode(ctx, { userId: user.id, code: input.code ?? '' }))) {
      throw new AppError('UNAUTHORIZED', WRONG_CODE, { field: 'code' });
    }
  }
  const until = await markSessionSteppedUp(ctx, { userId: user.id, sessionId });
  return { stepped_up_until: until.toISOString() };
}
