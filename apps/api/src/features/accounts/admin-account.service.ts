import type { AppContext } from '../../app-context';
import { hashSecret } from '../../lib/passwords';
import * as accounts from './accounts.repository';
import * as users from '../../lib/users';
import { createReferralCode } from './referral-codes';

export type EnsureAdminResult = 'created' | 'promoted' | 'unchanged';

/**
 * Makes sure an active admin with this e-mail exists. An existing account is promoted only when
 * asked to (the command line does; start-up does not touch existing accounts).
 */
export async function ensureAdmin(
  ctx: AppContext,
  options: { email: string; password: string; promoteExisting: boolean },
): Promise<EnsureAdminResult> {
  const email = options.email.toLowerCase();
  const existing = await users.findUserByEmail(ctx.db, email);
  if (existing) {
    if (!options.promoteExisting || existing.role === 'admin') return 'unchanged';
    await accounts.updateUser(ctx.db, existing.id, { role: 'admin' });
    return 'promoted';
  }
  const passwordHash = await hashSecret(options.password);
  await ctx.db.transaction(async (tx) => {
    await accounts.insertUser(tx, {
      firstName: 'Karta',
      lastName: 'Admin',
      email,
      passwordHash,
      role: 'admin',
      status: 'active',
      verifiedAt: ctx.clock.now(),
      referralCode: await createReferralCode(tx, 'Karta'),
    });
  });
  return 'created';
}
