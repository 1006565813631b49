import { and, eq, isNull } from 'drizzle-orm';
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
