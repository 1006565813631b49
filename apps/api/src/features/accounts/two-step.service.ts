import type { Executor } from '../../db/client';
import type { UserRow } from '../../lib/users';
import { countPasskeys } from './passkeys.repository';

/** The second factors an account has: an authenticator app (with its recovery codes), passkeys. */
export interface SecondFactors {
  totp: boolean;
  passkeys: number;
}

export async function secondFactorsOf(db: Executor, user: UserRow): Promise<SecondFactors> {
  return { totp: user.twoFactorEnabledAt !== null, passkeys: await countPasskeys(db, user.id) };
}

/**
 * "Two-step sign-in is on" (decisions 061, 062): the account has an authenticator app or at
 * least one passkey. Then the password alone does not sign in, changes that can send money away
 * need a fresh second factor, and a staff account may use the console.
 */
export const isTwoStepOn = (factors: SecondFactors) => factors.totp || factors.passkeys > 0;

/** The same question for one account, with one query at most (none when the app is on). */
export async function hasTwoStep(db: Executor, user: UserRow): Promise<boolean> {
  return user.twoFactorEnabledAt !== null || (await countPasskeys(db, user.id)) > 0;
}
