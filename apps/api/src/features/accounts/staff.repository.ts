import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/one-time-codes';
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
 * Every operator and admin, admins first, then oldest first. Read off `users_staff_idx`: staff
 * are a handful among the sellers, and the desk lists them all on one page.
 */
export function listStaff(tx: Executor) {
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
    })
    .from(users)
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
