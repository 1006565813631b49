import { and, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { accountApprovals } from '../../db/schema/account-approvals';
import { users } from '../../db/schema/users';

export type AccountApprovalRow = typeof accountApprovals.$inferSelect;

const sameAccount = (options: { userId: string; bankCode: string; accountNumber: string }) =>
  and(
    eq(accountApprovals.userId, options.userId),
    eq(accountApprovals.bankCode, options.bankCode),
    eq(accountApprovals.accountNumber, options.accountNumber),
  );

/** The open request or the standing approval for this account of this seller, if any. */
export async function findOpenApproval(
  tx: Executor,
  options: { userId: string; bankCode: string; accountNumber: string },
): Promise<AccountApprovalRow | undefined> {
  // At most one: the unique index holds every row but the declined ones to one per account.
  const [row] = await tx
    .select()
    .from(accountApprovals)
    .where(and(sameAccount(options), ne(accountApprovals.status, 'declined')));
  return row;
}

/** Asks once: a second request for the same account while one is open inserts nothing. */
export async function insertApprovalOnce(
  tx: Executor,
  values: typeof accountApprovals.$inferInsert,
): Promise<AccountApprovalRow | undefined> {
  const [row] = await tx.insert(accountApprovals).values(values).onConflictDoNothing().returning();
  return row;
}

/** The request, locked for its decision. */
export async function lockApproval(tx: Executor, options: { userId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(accountApprovals)
    .where(and(eq(accountApprovals.id, options.id), eq(accountApprovals.userId, options.userId)))
    .for('update');
  return row;
}

export async function saveDecision(
  tx: Executor,
  options: {
    id: string;
    status: 'approved' | 'declined';
    decidedBy: string;
    decidedAt: Date;
    note: string;
  },
) {
  await tx
    .update(accountApprovals)
    .set({
      status: options.status,
      decidedBy: options.decidedBy,
      decidedAt: options.decidedAt,
      note: options.note,
    })
    .where(eq(accountApprovals.id, options.id));
}

const decider = alias(users, 'decider');

/** A seller's newest requests with the name of the operator who answered each. */
export async function listApprovals(tx: Executor, options: { userId: string; limit: number }) {
  return tx
    .select({
      approval: accountApprovals,
      deciderFirstName: decider.firstName,
      deciderLastName: decider.lastName,
    })
    .from(accountApprovals)
    .leftJoin(decider, eq(decider.id, accountApprovals.decidedBy))
    .where(eq(accountApprovals.userId, options.userId))
    .orderBy(desc(accountApprovals.createdAt), desc(accountApprovals.id))
    .limit(options.limit);
}
