import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  recoveryCodes,
  sessionStepUps,
  totpCredentials,
  twoFactorChallenges,
} from '../../db/schema/two-factor';

export type TotpCredentialRow = typeof totpCredentials.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

export async function findTotpCredential(
  tx: Executor,
  userId: string,
): Promise<TotpCredentialRow | undefined> {
  const [row] = await tx.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  return row;
}

/** A new setup replaces one that was never confirmed; nothing is on until it is. */
export async function saveUnconfirmedTotp(
  tx: Executor,
  values: { userId: string; sealedSecret: string; createdAt: Date },
) {
  await tx
    .insert(totpCredentials)
    .values(values)
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { sealedSecret: values.sealedSecret, createdAt: values.createdAt, lastUsedStep: null },
      setWhere: isNull(totpCredentials.confirmedAt),
    });
}

/**
 * Takes the code of `step` for the account: true only when no code of that step or a later one
 * was taken before. One statement, so two requests carrying the same code cannot both pass.
 */
export async function takeTotpStep(tx: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(totpCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return rows.length > 0;
}

export async function confirmTotp(tx: Executor, userId: string, at: Date) {
  await tx
    .update(totpCredentials)
    .set({ confirmedAt: at })
    .where(eq(totpCredentials.userId, userId));
}

export async function replaceRecoveryCodes(
  tx: Executor,
  userId: string,
  hashes: string[],
  at: Date,
) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

/** Spends one recovery code: true only for the request that spent it. */
export async function useRecoveryCode(
  tx: Executor,
  options: { userId: string; codeHash: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(recoveryCodes)
    .set({ usedAt: options.at })
    .where(
      and(
        eq(recoveryCodes.userId, options.userId),
        eq(recoveryCodes.codeHash, options.codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Everything two-step sign-in keeps for an account: turned off, or reset by an admin. */
export async function deleteTwoFactor(tx: Executor, userId: string) {
  await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await tx.delete(sessionStepUps).where(eq(sessionStepUps.userId, userId));
}

/** A sign-in's challenge; the account's spent and dead ones go as a new one comes. */
export async function insertChallenge(
  tx: Executor,
  values: { tokenHash: string; userId: string; device: string; createdAt: Date; expiresAt: Date },
) {
  await tx
    .delete(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.userId, values.userId),
        or(
          sql`${twoFactorChallenges.usedAt} is not null`,
          lt(twoFactorChallenges.expiresAt, values.createdAt),
        ),
      ),
    );
  await tx.insert(twoFactorChallenges).values(values);
}

/**
 * Counts one try at a live challenge and answers it, or undefined when there is none to try
 * (unknown, spent, expired or out of tries). Counted before the code is compared, in one
 * statement, so parallel guesses cannot take more than their tries between them.
 */
export async function takeChallengeTry(
  tx: Executor,
  options: { tokenHash: string; now: Date; maxTries: number },
): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, options.tokenHash),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, options.now),
        lt(twoFactorChallenges.attempts, options.maxTries),
      ),
    )
    .returning();
  return row;
}

/** The challenge is answered: true only for the one request that answered it. */
export async function useChallenge(tx: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(twoFactorChallenges)
    .set({ usedAt: at })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length > 0;
}

export async function markSteppedUp(
  tx: Executor,
  values: { sessionId: string; userId: string; expiresAt: Date },
) {
  await tx
    .insert(sessionStepUps)
    .values(values)
    .onConflictDoUpdate({
      target: sessionStepUps.sessionId,
      set: { expiresAt: values.expiresAt },
      // A session id belongs to one account; another's row is never moved.
      setWhere: eq(sessionStepUps.userId, values.userId),
    });
}

export async function isSteppedUp(
  tx: Executor,
  options: { sessionId: string; userId: string; now: Date },
): Promise<boolean> {
  const [row] = await tx
    .select({ sessionId: sessionStepUps.sessionId })
    .from(sessionStepUps)
    .where(
      and(
        eq(sessionStepUps.sessionId, options.sessionId),
        eq(sessionStepUps.userId, options.userId),
        gt(sessionStepUps.expiresAt, options.now),
      ),
    );
  return row !== undefined;
}
