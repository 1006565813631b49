import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../constants';
import { MESSAGES as M } from '../messages';
import { EmailSchema, nameSchema } from './fields';

/**
 * How long an invitation's code works. Days, not the ten minutes of a sign-in code: the person
 * may read the mail tomorrow. An admin re-sends a lapsed one (decision 027).
 */
export const STAFF_INVITATION_HOURS = 72;
export const STAFF_NOT_FOUND = 'We could not find this staff member.';

/** The roles the staff desk hands out; taking them away makes the account a seller's again. */
const STAFF_ROLES = ['operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const StaffIdParamsSchema = z.object({ id: z.string().max(64) });

/** Someone named on a staff row: who sent or confirmed an invitation. */
const StaffPersonSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type StaffPerson = z.infer<typeof StaffPersonSchema>;

/**
 * How the person was invited from the desk (decision 049); null for staff made on the server
 * (`npm run create-admin`, ADMIN_EMAIL, the demo), who have no invitation to confirm.
 */
const StaffInvitationSchema = z.object({
  invited_by: StaffPersonSchema,
  invited_at: z.string(),
  /** The second admin who vouched that the invitee is a real, separate person; null until then. */
  confirmed_by: StaffPersonSchema.nullable(),
  confirmed_at: z.string().nullable(),
  /**
   * Why the admin reading the list may not confirm this invitation (they sent it, it is their
   * own, or they are not independent of whoever sent it), in words to show by the button; null
   * when they may, or once it is confirmed.
   */
  confirm_refusal: z.string().nullable(),
});

/** One operator or admin on the staff desk. */
const StaffMemberSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** `pending_verification` is an invitation not yet accepted. */
  status: z.enum(ACCOUNT_STATUSES),
  /** When the live invitation's code stops working; null once accepted or lapsed. */
  invitation_expires_at: z.string().nullable(),
  created_at: z.string(),
  invitation: StaffInvitationSchema.nullable(),
  /**
   * Whether they may be anyone's second pair of eyes (a large credit, an adjustment, a rate
   * change): false while their invitation waits for a second admin. Even when true, never for
   * whoever made them staff or whom they made staff (decision 049).
   */
  can_confirm_approvals: z.boolean(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListSchema = z.object({ data: z.array(StaffMemberSchema) });
export type StaffList = z.infer<typeof StaffListSchema>;

/** `POST /admin/staff/invitations`: the new operator's name and address. */
export const InviteStaffInputSchema = z.object({
  email: EmailSchema,
  first_name: nameSchema(M.FIRST_NAME_REQUIRED),
  last_name: nameSchema(M.LAST_NAME_REQUIRED),
});
export type InviteStaffInput = z.infer<typeof InviteStaffInputSchema>;

const STAFF_ROLE_REQUIRED = 'Choose operator or admin';
export const ChangeStaffRoleInputSchema = z.object({
  role: z.enum(STAFF_ROLES, { error: STAFF_ROLE_REQUIRED }),
});
export type ChangeStaffRoleInput = z.infer<typeof ChangeStaffRoleInputSchema>;
