import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema/refresh-tokens';

export async function insertRefreshToken(tx: Executor, values: typeof refreshTokens.$inferInsert) {
  await tx.insert(refreshTokens).values(values);
}

export async function lockRefreshTokenByHash(tx: Executor, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markReplaced(tx: Executor, id: string, at: Date) {
  await tx.update(refreshTokens).set({ replacedAt: at }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(tx: Executor, familyId: string, at: Date) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** The live token of each family of a user: one row per signed-in device. */
export async function listLiveTokensOf(tx: Executor, userId: string, now: Date) {
  return tx
    .select()
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.replacedAt),
        gt(refreshTokens.expiresAt, now),
        gt(refreshTokens.familyExpiresAt, now),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt))
    .limit(50);
}
