import type { StaffMember } from '@karta/shared/schemas/staff-desk';
import type { StaffRow } from './staff.repository';

/** A staff row as the desk shows it; a lapsed invitation reads as none (an admin re-sends). */
export const toStaffMember = (row: StaffRow, now: Date): StaffMember => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  // The query reads staff rows only.
  role: row.role === 'admin' ? 'admin' : 'operator',
  status: row.status,
  invitation_expires_at:
    row.invitationExpiresAt && row.invitationExpiresAt > now
      ? row.invitationExpiresAt.toISOString()
      : null,
  created_at: row.createdAt.toISOString(),
});
