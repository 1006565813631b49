import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passkeyChallenges, passkeys } from '../../db/schema/passkeys';

export type PasskeyRow = typeof passkeys.$inferSelect;
/**
 * `register`: adding a passkey to the signed-in account; `sign_in`: signing in with whichever
 * passkey answers; `account`: one of a known account's own passkeys as its second factor (a
 * sign-in's second step after the password, or a step-up).
 */
export type PasskeyPurpose = 'register' | 'sign_in' | 'account';

export async function listPasskeys(tx: Executor, userId: string): Promise<PasskeyRow[]> {
  return tx
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export async function countPasskeys(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Forgets every passkey of the account (an admin's reset of its second factors). */
export async function deleteAllPasskeys(tx: Executor, userId: string): Promise<number> {
  const rows = await tx
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return rows.length;
}

export async function findPasskeyByCredentialId(
  tx: Executor,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Inserts a passkey; undefined when its credential id is already stored (added twice). */
export async function insertPasskey(
  tx: Executor,
  values: Omit<typeof passkeys.$inferInsert, 'id'>,
): Promise<PasskeyRow | undefined> {
  const [row] = await tx.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

/** Removes one of the account's passkeys; undefined when it has none with that id. */
export async function deletePasskey(
  tx: Executor,
  options: { userId: string; passkeyId: string },
): Promise<PasskeyRow | undefined> {
  const [row] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, options.passkeyId), eq(passkeys.userId, options.userId)))
    .returning();
  return row;
}

/**
 * Records a use: the new signature counter, only if it has not gone backwards meanwhile (a
 * parallel use of a cloned key), and when. False when the counter went backwards.
 */
export async function recordPasskeyUse(
  tx: Executor,
  options: { id: string; counter: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(passkeys)
    .set({ counter: options.counter, lastUsedAt: options.at })
    .where(
      and(
        eq(passkeys.id, options.id),
        // Authenticators that keep no counter always say 0 (WebAuthn §6.1.1).
        sql`(${options.counter} = 0 or ${passkeys.counter} < ${options.counter})`,
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** Keeps a challenge handed out; spent and dead ones go as a new one comes. */
export async function insertPasskeyChallenge(
  tx: Executor,
  values: {
    purpose: PasskeyPurpose;
    userId: string | null;
    challenge: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<string> {
  await tx.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, values.createdAt));
  const [row] = await tx
    .insert(passkeyChallenges)
    .values(values)
    .returning({ id: passkeyChallenges.id });
  if (!row) throw new Error('passkey challenge not stored');
  return row.id;
}

/**
 * Spends a live challenge, in one statement so two answers cannot both use it: the challenge
 * text, or undefined when there is none to spend (unknown, spent, expired, another purpose or
 * another account's).
 */
export async function takePasskeyChallenge(
  tx: Executor,
  options: {
    purpose: PasskeyPurpose;
    now: Date;
    id?: string;
    challenge?: string;
    userId?: string;
  },
): Promise<string | undefined> {
  const conditions = [
    eq(passkeyChallenges.purpose, options.purpose),
    isNull(passkeyChallenges.usedAt),
    gt(passkeyChallenges.expiresAt, options.now),
  ];
  if (options.id !== undefined) conditions.push(eq(passkeyChallenges.id, options.id));
  if (options.challenge !== undefined) {
    conditions.push(eq(passkeyChallenges.challenge, options.challenge));
  }
  if (options.userId !== undefined) conditions.push(eq(passkeyChallenges.userId, options.userId));
  const [row] = await tx
    .update(passkeyChallenges)
    .set({ usedAt: options.now })
    .where(and(...conditions))
    .returning({ challenge: passkeyChallenges.challenge });
  return row?.challenge;
}
