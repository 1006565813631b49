import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { verifyAgainstDummy, verifySecret } from '../../lib/passwords';
import { findUserByEmailPrepared, type UserRow } from '../../lib/users';

const WRONG_CREDENTIALS = 'Email or password is incorrect.';

const isNotDeleted = (user: UserRow) => user.status !== 'deleted';

/**
 * The account for an e-mail and password, or one 401 whether the e-mail is unknown, the
 * account not eligible or the password wrong. Every path costs one argon2 verification, so
 * timing does not tell them apart. Callers go through password-throttle.ts.
 */
export async function verifyCredentials(
  ctx: AppContext,
  email: string,
  password: string,
  isEligible: (user: UserRow) => boolean = isNotDeleted,
): Promise<UserRow> {
  const user = await findUserByEmailPrepared(ctx.db, email);
  const candidate = user && isNotDeleted(user) && isEligible(user) ? user : undefined;
  const isValid = candidate
    ? await verifySecret(candidate.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (!candidate || !isValid) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  return candidate;
}

/** Re-checks the signed-in user's password before a sensitive change (through the throttle). */
export async function assertPassword(user: UserRow, password: string, field = 'password') {
  if (!(await verifySecret(user.passwordHash, password))) {
    throw new AppError('UNAUTHORIZED', 'Your password is incorrect.', { field });
  }
}
