import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../../lib/users';
import { countCodeTry, takeTotpCode } from './two-factor-codes';
import { markSessionSteppedUp } from './two-factor-session';
import * as twoFactor from './two-factor.repository';

const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app to confirm this change.';
const WRONG_CODE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now.';
const NOT_ON = 'Two-step sign-in is not on for this account: there is nothing to confirm.';
const NO_SESSION = 'Sign in again, then confirm with your code.';

/** 401 `STEP_UP_REQUIRED`: the web app asks for the code in place and sends the request again. */
const stepUpRequired = (message: string) =>
  new AppError('UNAUTHORIZED', message, {
    domainCode: 'STEP_UP_REQUIRED',
    field: 'x_two_factor_code',
  });

/**
 * The one check behind every change that needs a fresh second factor (decision 061), run by the
 * auth plugin's `requireStepUp`: nothing for an account without two-step sign-in; else the
 * session must have been given a code in the last five minutes, or this request must carry one
 * (`X-Two-Factor-Code`), which then steps the session up as `stepUp` would.
 */
export async function checkStepUp(
  ctx: AppContext,
  options: { user: UserRow; sessionId: string | null; code: string | undefined; ip: string },
): Promise<void> {
  const { user, sessionId } = options;
  if (user.twoFactorEnabledAt === null) return;
  const now = ctx.clock.now();
  if (
    sessionId !== null &&
    (await twoFactor.isSteppedUp(ctx.db, { sessionId, userId: user.id, now }))
  ) {
    return;
  }
  if (options.code === undefined) throw stepUpRequired(CODE_NEEDED);
  await countCodeTry(ctx, { userId: user.id, ip: options.ip });
  if (!(await takeTotpCode(ctx, { userId: user.id, code: options.code }))) {
    throw stepUpRequired(WRONG_CODE);
  }
  await markSessionSteppedUp(ctx, { userId: user.id, sessionId });
}

/**
 * `POST /user/two_factor/step_up/{user_id}`: a code now, so the next five minutes of this
 * session need no other for the changes that ask for one. Answers until when.
 */
export async function stepUp(
  ctx: AppContext,
  options: { user: UserRow; sessionId: string | null; code: string; ip: string },
): Promise<{ stepped_up_until: string }> {
  const { user, sessionId } = options;
  if (user.twoFactorEnabledAt === null) throw new AppError('BAD_REQUEST', NOT_ON);
  if (sessionId === null) throw new AppError('BAD_REQUEST', NO_SESSION);
  await countCodeTry(ctx, { userId: user.id, ip: options.ip });
  if (!(await takeTotpCode(ctx, { userId: user.id, code: options.code }))) {
    throw new AppError('UNAUTHORIZED', WRONG_CODE, { field: 'code' });
  }
  const until = await markSessionSteppedUp(ctx, { userId: user.id, sessionId });
  return { stepped_up_until: until.toISOString() };
}
