import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/one-time-codes';
import { staffGrants } from '../../db/schema/staff-grants';
import { users } from '../../db/schema/users';

/**
 * The live invitation's end, if the account still has one (its code unused and not voided).
 * Spelled with table names: drizzle leaves a column unqualified, and `id` inside the subquery
 * would be the code's.
 */
// Typed nullable by hand: mapWith takes the column's type, and max() over no rows is null.
const invitationExpiresAt: SQL<Date | null> = sql`(
  select max(c.expires_at) from one_time_codes c
  where c.user_id = "users"."id"
    and c.purpose = 'staff_invitation'
    and c.consumed_at is null
    and c.voided_at is null
)`.mapWith(oneTimeCodes.expiresAt);

/**
 * Whether the person has no invitation waiting for a second admin: the half of the four-eyes
 * rule that is about them alone (lib/second-approver.ts asks the same, decision 049).
 */
const mayConfirmApprovals: SQL<boolean> = sql<boolean>`not exists (
  select 1 from staff_grants g
  where g.user_id = "users"."id"
    and g.kind = 'invitation'
    and g.confirmed_by_user_id is null
)`;

const inviter = alias(users, 'inviter');
const confirmer = alias(users, 'confirmer');

/**
 * Every operator and admin, admins first, then oldest first, with who invited them and who
 * confirmed that invitation (staff made on the server have none). Read off `users_staff_idx`:
 * staff are a handful among the sellers, and the desk lists them all on one page.
 */
export function listStaff(tx: Executor) {
  // The newest invitation, as `lockInvitation` takes it (the desk makes one per address).
  const invitation = tx
    .select({
      grantedByUserId: staffGrants.grantedByUserId,
      createdAt: staffGrants.createdAt,
      confirmedByUserId: staffGrants.confirmedByUserId,
      confirmedAt: staffGrants.confirmedAt,
    })
    .from(staffGrants)
    .where(and(eq(staffGrants.userId, users.id), eq(staffGrants.kind, 'invitation')))
    .orderBy(desc(staffGrants.createdAt), desc(staffGrants.id))
    .limit(1)
    .as('invitation');
  return tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      status: users.status,
      createdAt: users.createdAt,
      invitationExpiresAt,
      canConfirmApprovals: mayConfirmApprovals,
      invitedAt: invitation.createdAt,
      invitedBy: { id: inviter.id, firstName: inviter.firstName, lastName: inviter.lastName },
      confirmedAt: invitation.confirmedAt,
      confirmedBy: {
        id: confirmer.id,
        firstName: confirmer.firstName,
        lastName: confirmer.lastName,
      },
    })
    .from(users)
    .leftJoinLateral(invitation, sql`true`)
    .leftJoin(inviter, eq(inviter.id, invitation.grantedByUserId))
    .leftJoin(confirmer, eq(confirmer.id, invitation.confirmedByUserId))
    .where(and(ne(users.role, 'user'), ne(users.status, 'deleted')))
    .orderBy(sql`${users.role} = 'operator'`, asc(users.createdAt), asc(users.id));
}
export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

/**
 * Locks every active admin's row, in one order, and returns their ids. Two admins taking each
 * other's admin role at once queue here; the second then sees the first's change (READ
 * COMMITTED re-reads a locked row), so the last admin cannot be removed by a race.
 */
export async function lockActiveAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}
