import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { preparedOnce } from '../../lib/prepared-once';

/** Every sign-in and refresh inserts one: prepared per database handle (decision 047). */
const tokenInsert = preparedOnce((db) =>
  db
    .insert(refreshTokens)
    .values({
      userId: sql.placeholder('userId'),
      familyId: sql.placeholder('familyId'),
      tokenHash: sql.placeholder('tokenHash'),
      device: sql.placeholder('device'),
      createdAt: sql.placeholder('createdAt'),
      expiresAt: sql.placeholder('expiresAt'),
      familyExpiresAt: sql.placeholder('familyExpiresAt'),
    })
    .prepare('insert_refresh_token'),
);

export async function insertRefreshToken(
  tx: Executor,
  values: Required<
    Pick<
      typeof refreshTokens.$inferInsert,
      'userId' | 'familyId' | 'tokenHash' | 'device' | 'createdAt' | 'expiresAt' | 'familyExpiresAt'
    >
  >,
) {
  await tokenInsert(tx).execute(values);
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
