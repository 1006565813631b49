import type { AppContext } from './app-context';
import { maskEmail } from './lib/mask-email';
import { ensureDemoAccount } from './features/accounts/demo-accounts.service';

/** The demo account the README names. Development only; safe to run on every start. */
export const DEMO_USER = {
  email: 'demo@karta.example',
  password: 'KartaDemo#2026',
  referralCode: 'DEMO2026',
} as const;

export async function seedDemoData(ctx: AppContext): Promise<void> {
  const { isNew } = await ensureDemoAccount(ctx, {
    firstName: 'Ada',
    lastName: 'Okafor',
    email: DEMO_USER.email,
    password: DEMO_USER.password,
    mobileNumber: '+2348030000000',
    gender: 'Female',
    dateOfBirth: '1995-04-12',
    referralCode: DEMO_USER.referralCode,
  });
  if (isNew) {
    ctx.log.info(
      { email: maskEmail(DEMO_USER.email) },
      'demo user created (password in the README)',
    );
  }
}
