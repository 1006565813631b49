import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, reference, timestamptz, uuidKey } from '../columns';
import { userRole, users } from './users';

/**
 * Who made a person staff (decision 049): an admin's invitation, or an admin's change of their
 * role. The four-eyes rule reads it: nobody is the second pair of eyes for someone they made
 * staff or who made them staff, and an invited person confirms nothing until a second admin has
 * confirmed the invitation (`confirmed_by`). Staff made on the server (`npm run create-admin`,
 * the demo seed) have no invitation row. Rows are never deleted; the migration's trigger lets an
 * invitation be confirmed once and refuses every other change.
 */
export const STAFF_GRANT_KINDS = ['invitation', 'role_change'] as const;

export const staffGrants = pgTable(
  'staff_grants',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    kind: text('kind', { enum: STAFF_GRANT_KINDS }).notNull(),
    role: userRole('role').notNull(),
    grantedByUserId: reference('granted_by_user_id', () => users.id).notNull(),
    createdAt: createdAt(),
    /** A second admin who stands behind an invitation; null until then, and for role changes. */
    confirmedByUserId: reference('confirmed_by_user_id', () => users.id),
    confirmedAt: timestamptz('confirmed_at'),
  },
  (t) => [
    index('staff_grants_user_idx').on(t.userId),
    check('staff_grants_kind', sql`${t.kind} in ('invitation', 'role_change')`),
    check('staff_grants_not_own', sql`${t.grantedByUserId} <> ${t.userId}`),
    check(
      'staff_grants_second_admin',
      sql`${t.confirmedByUserId} is null or (${t.kind} = 'invitation' and ${t.confirmedByUserId} <> ${t.grantedByUserId} and ${t.confirmedByUserId} <> ${t.userId} and ${t.confirmedAt} is not null)`,
    ),
  ],
);
