import type { DeviceKind } from '@karta/shared/constants';
import type { ForgotPasswordInput, ResetPasswordInput } from '@karta/shared/schemas/auth';
import type { UpdatePasswordInput } from '@karta/shared/schemas/users';
import { MESSAGES } from '@karta/shared/messages';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { hashSecret, verifySecret } from '../../lib/passwords';
import { consumeCode } from '../codes/codes.service';
import { startSession } from '../sessions/sessions.service';
import { sendCode, sendSecurityNotice } from './account-mails';
import * as accounts from './accounts.repository';
import * as users from '../../lib/users';
import type { UserRow } from '../../lib/users';
import { assertNotCommonPassword } from './common-passwords';
import { checkPassword } from './password-throttle';
import { countCodeRequest } from './signup-throttle';

/**
 * `GET /user/request_otp?email=`. Signed in: a password-change code for the caller's own
 * address. Signed out: a new confirmation code for an account still waiting to be confirmed.
 * A signed-out request for any other address is answered the same way and sends nothing, so
 * the endpoint does not tell which addresses have accounts.
 */
export async function requestCode(
  ctx: AppContext,
  options: { email: string; caller: UserRow | null; ip: string },
) {
  const { email, caller } = options;
  // Counted whoever asks: signed out, the answer differs for an account awaiting confirmation.
  await countCodeRequest(ctx, { ip: options.ip, email });
  if (caller) {
    if (caller.email !== email) {
      throw new AppError('FORBIDDEN', 'You can only request codes for your own email.');
    }
    await sendCode(ctx, caller, 'password_change');
    return;
  }
  const user = await users.findUserByEmail(ctx.db, email);
  if (user?.status === 'pending_verification') await sendCode(ctx, user, 'account_verification');
}

/** Sets a new password and ends every session: a password change is also a sign-out elsewhere. */
async function replacePassword(ctx: AppContext, user: UserRow, newPassword: string) {
  const passwordHash = await hashSecret(newPassword);
  return ctx.db.transaction(async (tx) => {
    await accounts.revokeAllSessions(tx, user.id, ctx.clock.now());
    return accounts.updateUser(tx, user.id, { passwordHash });
  });
}

async function assertNotCurrentPassword(user: UserRow, newPassword: string) {
  if (await verifySecret(user.passwordHash, newPassword)) {
    throw new AppError('BAD_REQUEST', MESSAGES.NEW_PASSWORD_SAME, { field: 'new_password' });
  }
}

/**
 * Change password while signed in: current password, the mailed code, then a fresh session
 * for this device only (every other session has ended).
 */
export async function changePassword(
  ctx: AppContext,
  options: { user: UserRow; input: UpdatePasswordInput; device: DeviceKind; ip: string },
) {
  const { user, input } = options;
  await checkPassword(ctx, { user, password: input.password, ip: options.ip });
  await assertNotCurrentPassword(user, input.new_password);
  await assertNotCommonPassword(input.new_password, 'new_password');
  await consumeCode(ctx, { userId: user.id, purpose: 'password_change', code: input.otp });
  const updated = await replacePassword(ctx, user, input.new_password);
  await sendSecurityNotice(ctx, updated, 'Your Karta password was changed');
  const session = await startSession(ctx, { user: updated, device: options.device });
  return { user: updated, session };
}

const RESETTABLE = new Set(['active', 'deactivated', 'pending_verification']);
/**
 * An operator's account that is still an invitation opens only with the invitation's code
 * (decision 027): a reset would let it outlive the invitation the admin let lapse.
 */
const isResettable = (user: UserRow) =>
  RESETTABLE.has(user.status) && !(user.status === 'pending_verification' && user.role !== 'user');

/** Same answer whether or not the address has an account; limits are kept quietly. */
export async function forgotPassword(ctx: AppContext, input: ForgotPasswordInput) {
  const user = await users.findUserByEmail(ctx.db, input.email);
  if (!user || !isResettable(user)) return;
  try {
    await sendCode(ctx, user, 'password_reset');
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
  }
}

export async function resetPassword(ctx: AppContext, input: ResetPasswordInput) {
  // First, so the answer is the same with or without an account and the code is not spent.
  await assertNotCommonPassword(input.new_password, 'new_password');
  const user = await users.findUserByEmail(ctx.db, input.email);
  if (!user || !isResettable(user)) {
    throw new AppError(
      'BAD_REQUEST',
      'This code has expired or has been replaced. Request a new one.',
      {
        field: 'otp',
      },
    );
  }
  await consumeCode(ctx, { userId: user.id, purpose: 'password_reset', code: input.otp });
  let updated = await replacePassword(ctx, user, input.new_password);
  // The code came through the inbox, which is what confirming an account proves.
  if (updated.status === 'pending_verification') {
    updated = await accounts.updateUser(ctx.db, user.id, {
      status: 'active',
      verifiedAt: ctx.clock.now(),
    });
  }
  await sendSecurityNotice(ctx, updated, 'Your Karta password was reset');
  return updated;
}
