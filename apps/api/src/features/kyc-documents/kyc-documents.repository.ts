import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { KycSubmissionStatus } from '@karta/shared/schemas/kyc-documents';
import type { Executor } from '../../db/client';
import { kycSubmissions } from '../../db/schema/kyc-submissions';
import { users } from '../../db/schema/users';

export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
type NewKycSubmission = typeof kycSubmissions.$inferInsert;

export async function insertSubmission(tx: Executor, row: NewKycSubmission) {
  const [inserted] = await tx.insert(kycSubmissions).values(row).returning();
  if (!inserted) throw new Error('kyc submission insert returned no row');
  return inserted;
}

/** The seller's latest submission, whatever its status. */
export async function findLatestOf(tx: Executor, userId: string) {
  const [row] = await tx
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id))
    .limit(1);
  return row;
}

export async function findPendingOf(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ id: kycSubmissions.id })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'pending_review')));
  return row;
}

export async function findSubmission(tx: Executor, id: string) {
  const [row] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
  return row;
}

export async function lockSubmission(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id))
    .for('update');
  return row;
}

export async function updateSubmission(
  tx: Executor,
  id: string,
  changes: Partial<NewKycSubmission>,
) {
  const [row] = await tx
    .update(kycSubmissions)
    .set(changes)
    .where(eq(kycSubmissions.id, id))
    .returning();
  if (!row) throw new Error('kyc submission update found no row');
  return row;
}

/** A page of the queue: oldest first (the index on status, submitted_at). */
export async function listByStatus(
  tx: Executor,
  options: { status: KycSubmissionStatus; limit: number; offset: number },
) {
  const where = eq(kycSubmissions.status, options.status);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(kycSubmissions)
      .where(where)
      .orderBy(asc(kycSubmissions.submittedAt), asc(kycSubmissions.id))
      .limit(options.limit)
      .offset(options.offset),
    tx.select({ value: count() }).from(kycSubmissions).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The people a page names (sellers and the operators holding claims). */
export async function findPeople(tx: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      kycVerified: users.kycVerified,
      kycTier: users.kycTier,
      bvnLast4: users.bvnLast4,
      kycVerifiedAt: users.kycVerifiedAt,
      dateOfBirth: users.dateOfBirth,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
}
export type Person = Awaited<ReturnType<typeof findPeople>>[number];

/** Every submission of a seller, oldest first, for their data export (no images). */
export async function listAllOf(tx: Executor, userId: string) {
  return tx
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(asc(kycSubmissions.submittedAt));
}

/** The kept hash of the claim's release token, read without a lock (decision 078). */
export async function findClaimTokenHash(tx: Executor, id: string) {
  const [row] = await tx
    .select({ hash: kycSubmissions.claimReleaseTokenHash })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id));
  return row?.hash ?? null;
}
