import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { staffGrants } from '../../db/schema/staff-grants';

type NewStaffGrant = Pick<
  typeof staffGrants.$inferInsert,
  'userId' | 'kind' | 'role' | 'grantedByUserId' | 'createdAt'
>;

/**
 * Records who made a person staff (decision 049), in the caller's transaction: the invitation
 * or the role change and its record exist together or not at all.
 */
export async function insertStaffGrant(tx: Executor, grant: NewStaffGrant): Promise<void> {
  await tx.insert(staffGrants).values(grant);
}

/**
 * The person's invitation, locked, so two admins confirming it at once queue and the second
 * sees the first's confirmation. The desk invites an address once (decision 027: an address in
 * use is refused), so there is one; the newest is taken should a back-filled history hold two.
 */
export async function lockInvitation(tx: Executor, userId: string) {
  const [row] = await tx
    .select()
    .from(staffGrants)
    .where(and(eq(staffGrants.userId, userId), eq(staffGrants.kind, 'invitation')))
    .orderBy(desc(staffGrants.createdAt), desc(staffGrants.id))
    .limit(1)
    .for('update');
  return row;
}

/** The one change the table allows (its trigger refuses any other): a second admin's word. */
export async function confirmInvitation(
  tx: Executor,
  options: { grantId: string; confirmedByUserId: string; at: Date },
): Promise<void> {
  await tx
    .update(staffGrants)
    .set({ confirmedByUserId: options.confirmedByUserId, confirmedAt: options.at })
    .where(eq(staffGrants.id, options.grantId));
}
