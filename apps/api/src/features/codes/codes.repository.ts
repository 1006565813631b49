import { and, count, desc, eq, gt, isNull, min } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oneTimeCodes, type CodePurpose } from '../../db/schema/one-time-codes';

export async function findLatestCodeTime(tx: Executor, userId: string, purpose: CodePurpose) {
  const [row] = await tx
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function countCodesSince(tx: Executor, userId: string, since: Date) {
  const [row] = await tx
    .select({ sent: count(), oldest: min(oneTimeCodes.createdAt) })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), gt(oneTimeCodes.createdAt, since)));
  return { sent: row?.sent ?? 0, oldest: row?.oldest ?? null };
}

const isLive = (userId: string, purpose: CodePurpose) =>
  and(
    eq(oneTimeCodes.userId, userId),
    eq(oneTimeCodes.purpose, purpose),
    isNull(oneTimeCodes.consumedAt),
    isNull(oneTimeCodes.voidedAt),
  );

/** Voids the live codes and returns their hashes, so the new code can differ from them. */
export async function voidLiveCodes(tx: Executor, userId: string, purpose: CodePurpose, at: Date) {
  const voided = await tx
    .update(oneTimeCodes)
    .set({ voidedAt: at })
    .where(isLive(userId, purpose))
    .returning({ codeHash: oneTimeCodes.codeHash });
  return voided.map((row) => row.codeHash);
}

export async function insertCode(tx: Executor, values: typeof oneTimeCodes.$inferInsert) {
  await tx.insert(oneTimeCodes).values(values);
}

/** The newest unused code, locked so two guesses cannot both count as the first. */
export async function lockLiveCode(tx: Executor, userId: string, purpose: CodePurpose) {
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(isLive(userId, purpose))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function updateCode(
  tx: Executor,
  id: string,
  values: Partial<typeof oneTimeCodes.$inferInsert>,
) {
  await tx.update(oneTimeCodes).set(values).where(eq(oneTimeCodes.id, id));
}
