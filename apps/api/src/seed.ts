import type { AppContext } from './app-context';
import { maskEmail } from './lib/mask-email';
import { hashSecret } from './lib/passwords';
import * as accounts from './features/accounts/accounts.repository';
import * as users from './lib/users';

/** The demo account the README names. Development only; safe to run on every start. */
export const DEMO_USER = {
  email: 'demo@karta.example',
  password: 'KartaDemo#2026',
  referralCode: 'DEMO2026',
} as const;

export async function seedDemoData(ctx: AppContext): Promise<void> {
  if (await users.findUserByEmail(ctx.db, DEMO_USER.email)) return;
  const passwordHash = await hashSecret(DEMO_USER.password);
  await accounts.insertUser(ctx.db, {
    firstName: 'Ada',
    lastName: 'Okafor',
    email: DEMO_USER.email,
    mobileNumber: '+2348030000000',
    gender: 'Female',
    dateOfBirth: '1995-04-12',
    passwordHash,
    status: 'active',
    verifiedAt: ctx.clock.now(),
    referralCode: DEMO_USER.referralCode,
  });
  ctx.log.info({ email: maskEmail(DEMO_USER.email) }, 'demo user created (password in the README)');
}
