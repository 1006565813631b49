import type { StaffMember, StaffPerson } from '@karta/shared/schemas/staff-desk';
import type { StaffRow } from './staff.repository';

const personOf = (person: { id: string; firstName: string; lastName: string }): StaffPerson => ({
  id: person.id,
  first_name: person.firstName,
  last_name: person.lastName,
});

/**
 * A staff row as the desk shows it; a lapsed invitation reads as none (an admin re-sends).
 * `confirmRefusal` is why the admin reading the list may not confirm this person's invitation.
 */
export const toStaffMember = (
  row: StaffRow,
  options: { now: Date; confirmRefusal: string | null },
): StaffMember => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  // The query reads staff rows only.
  role: row.role === 'admin' ? 'admin' : 'operator',
  status: row.status,
  invitation_expires_at:
    row.invitationExpiresAt && row.invitationExpiresAt > options.now
      ? row.invitationExpiresAt.toISOString()
      : null,
  created_at: row.createdAt.toISOString(),
  invitation:
    row.invitedBy && row.invitedAt
      ? {
          invited_by: personOf(row.invitedBy),
          invited_at: row.invitedAt.toISOString(),
          confirmed_by: row.confirmedBy ? personOf(row.confirmedBy) : null,
          confirmed_at: row.confirmedAt?.toISOString() ?? null,
          confirm_refusal: row.confirmedBy ? null : options.confirmRefusal,
        }
      : null,
  can_confirm_approvals: row.canConfirmApprovals,
});
