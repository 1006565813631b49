import type { AppContext } from '../../app-context';
import { hashSecret } from '../../lib/passwords';
import * as users from '../../lib/users';
import * as accounts from './accounts.repository';

/** A demo account of the development seeds (seed.ts, seed-trades.ts), signed in with a password. */
type DemoAccount = Pick<
  users.NewUser,
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'referralCode'
  | 'role'
  | 'mobileNumber'
  | 'gender'
  | 'dateOfBirth'
> & { password: string };

/**
 * The demo account with this e-mail, made active and verified on the first start and found on
 * every later one (its password is hashed only when it is made). Development only.
 */
export async function ensureDemoAccount(ctx: AppContext, account: DemoAccount) {
  const existing = await users.findUserByEmail(ctx.db, account.email);
  if (existing) return { user: existing, isNew: false };
  const { password, ...values } = account;
  const user = await accounts.insertUser(ctx.db, {
    ...values,
    passwordHash: await hashSecret(password),
    status: 'active',
    verifiedAt: ctx.clock.now(),
  });
  return { user, isNew: true };
}
