import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { users } from '../../db/schema/users';
import type { NewUser, UserRow } from '../../lib/users';

export async function findUserByMobileNumber(tx: Executor, mobileNumber: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobileNumber, mobileNumber));
  return row;
}

export async function findActiveUserByReferralCode(tx: Executor, referralCode: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, referralCode), eq(users.status, 'active')));
  return row;
}

export async function isReferralCodeTaken(tx: Executor, referralCode: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, referralCode));
  return Boolean(row);
}

export async function insertUser(tx: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  tx: Executor,
  id: string,
  values: Partial<NewUser>,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during an update`);
  return row;
}

/**
 * Ends every session of a user: refresh tokens are revoked and the token version moves on, so
 * access tokens already handed out stop working at their next use.
 */
export async function revokeAllSessions(tx: Executor, userId: string, at: Date) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
