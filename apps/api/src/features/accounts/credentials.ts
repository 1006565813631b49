import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { verifyAgainstDummy, verifySecret } from '../../lib/passwords';
import { findUserByEmail, type UserRow } from './accounts.repository';

export const WRONG_CREDENTIALS = 'Email or password is incorrect.';

/**
 * The account for an e-mail and password, or one 401 whether the e-mail is unknown or the
 * password wrong. Both paths cost one argon2 verification, so timing does not tell them apart.
 */
export async function verifyCredentials(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, email);
  const isValid =
    user && user.status !== 'deleted'
      ? await verifySecret(user.passwordHash, password)
      : await verifyAgainstDummy(password);
  if (!user || !isValid) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  return user;
}

/** Re-checks the signed-in user's password before a sensitive change. */
export async function assertPassword(user: UserRow, password: string, field = 'password') {
  if (!(await verifySecret(user.passwordHash, password))) {
    throw new AppError('UNAUTHORIZED', 'Your password is incorrect.', { field });
  }
}
