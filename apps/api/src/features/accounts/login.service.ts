import type { LoginInput, ReactivateInput } from '@karta/shared/schemas/auth';
import { MESSAGES } from '@karta/shared/messages';
import type { AppContext } from '../../app-context';
import { accountSuspendedMessage } from '../../lib/account-suspended';
import { AppError } from '../../lib/app-error';
import type { TwoFactorChallenge } from '@karta/shared/schemas/two-factor';
import { startSession, type IssuedSession } from '../sessions/sessions.service';
import { sendCode } from './account-mails';
import * as accounts from './accounts.repository';
import type { UserRow } from '../../lib/users';
import { checkCredentials } from './password-throttle';
import { startTwoFactorChallenge } from './two-factor-sign-in.service';
import { isTwoStepOn, secondFactorsOf } from './two-step.service';

/** A session, or, for an account with two-step sign-in, the challenge its code answers. */
export type SignInOutcome =
  { user: UserRow; session: IssuedSession } | { challenge: TwoFactorChallenge };

export async function login(
  ctx: AppContext,
  input: LoginInput & { ip: string },
): Promise<SignInOutcome> {
  const user = await checkCredentials(ctx, input);
  switch (user.status) {
    case 'deactivated':
      // The web app matches this message to send the user to reactivation (docs/product.md §4).
      throw new AppError('BAD_REQUEST', MESSAGES.ACCOUNT_DEACTIVATED);
    case 'suspended':
      throw suspendedError(ctx);
    case 'pending_verification':
      return unconfirmedLogin(ctx, user);
    case 'deleted':
      throw new AppError('UNAUTHORIZED', 'Email or password is incorrect.');
    case 'active':
      break;
  }
  // The password alone is not enough: no token and no cookie until a second factor answers this.
  const factors = await secondFactorsOf(ctx.db, user);
  if (isTwoStepOn(factors)) {
    return {
      challenge: await startTwoFactorChallenge(ctx, { user, factors, device: input.device }),
    };
  }
  const session = await startSession(ctx, { user, device: input.device });
  return { user, session };
}

/** 400, not 403: the web client would otherwise refresh a session that does not exist. */
const suspendedError = (ctx: AppContext) =>
  new AppError('BAD_REQUEST', accountSuspendedMessage(ctx.config.supportEmail));

/** An unconfirmed account gets a fresh code (unless one went out moments ago) and says so. */
async function unconfirmedLogin(ctx: AppContext, user: UserRow): Promise<never> {
  try {
    await sendCode(ctx, user, 'account_verification');
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
  }
  throw new AppError('BAD_REQUEST', MESSAGES.ACCOUNT_NOT_CONFIRMED, { field: 'email' });
}

export async function reactivateAccount(ctx: AppContext, input: ReactivateInput & { ip: string }) {
  const user = await checkCredentials(ctx, input);
  // Reactivation is for self-deactivation only: a suspension is lifted by an operator.
  if (user.status === 'suspended') throw suspendedError(ctx);
  if (user.status !== 'deactivated') {
    throw new AppError('BAD_REQUEST', 'This account is not deactivated. Sign in instead.');
  }
  return accounts.updateUser(ctx.db, user.id, { status: 'active', deactivatedAt: null });
}
