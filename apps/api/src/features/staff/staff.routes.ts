import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResetPasswordInputSchema } from '@karta/shared/schemas/auth';
import {
  ChangeStaffRoleInputSchema,
  InviteStaffInputSchema,
  StaffIdParamsSchema,
  StaffListSchema,
} from '@karta/shared/schemas/staff-desk';
import { jsonRoutes, staffRoutes } from '../../lib/json-routes';
import { publicAccess } from '../../lib/route-access';
import {
  acceptInvitation,
  inviteOperator,
  resendInvitation,
} from '../accounts/staff-invitations.service';
import { confirmStaffInvitation } from '../accounts/staff-confirmation.service';
import type { Refusals } from '../../lib/route-contract';
import { changeStaffRole, getStaffList, removeStaffRights } from '../accounts/staff-roles.service';

/** The actions on one staff member that take no body. */
const ACTIONS = [
  {
    url: '/:id/resend_invitation',
    operationId: 'resendStaffInvitation',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary:
      'Mail a new invitation code; the previous one stops working (30 seconds between sends)',
    act: resendInvitation,
    message: 'Invitation sent again.',
  },
  {
    url: '/:id/remove',
    operationId: 'removeStaff',
    refuses: { 404: [] },
    summary:
      'Take away operator or admin rights: the account becomes a seller’s, its sessions end and an open invitation stops working. Never one’s own, never the last admin',
    act: removeStaffRights,
    message: 'Staff rights removed. Their sessions have ended.',
  },
  {
    url: '/:id/confirm_invitation',
    operationId: 'confirmStaffInvitation',
    refuses: {
      404: [],
      409: ['ALREADY_DECIDED', 'NOT_INDEPENDENT', 'SAME_APPROVER', 'WRONG_STATUS'],
    },
    summary:
      'A second admin vouches for an invitation (decision 049): until then the invitee is nobody’s second pair of eyes on a large credit. Before or after it is accepted; never by the inviter (409 SAME_APPROVER), the invitee (400) or an admin not independent of the inviter (409 NOT_INDEPENDENT); 409 when there is no invitation waiting',
    act: confirmStaffInvitation,
    message: 'Invitation confirmed.',
  },
] satisfies ({ refuses: Refusals } & Record<string, unknown>)[];

/**
 * `/api/v1/admin/staff`: the staff desk (decision 027), admins only. Each change answers the list
 * as it now stands, so the desk shows it without a second call.
 */
export const staffDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { adminRoute } = staffRoutes(app, 'staff');

  adminRoute.get('/', {
    operationId: 'listStaff',
    summary:
      'Every operator and admin, admins first; an invitation not yet accepted shows until when it works',
    answers: StaffListSchema,
    message: 'Staff',
    handle: (_request, actor) => getStaffList(ctx, actor.userId),
  });

  adminRoute.post('/invitations', {
    operationId: 'inviteStaff',
    refuses: { 409: ['ALREADY_EXISTS'] },
    summary:
      'Invite an operator by e-mail: an operator account waiting for its owner, and a mailed code (STAFF_INVITATION_HOURS) to set the password. An address that already has an account is refused with 409',
    input: { body: InviteStaffInputSchema },
    answers: StaffListSchema,
    status: 201,
    message: 'Invitation sent.',
    handle: async (request, actor) => {
      await inviteOperator(ctx, { actor, input: request.body });
      return getStaffList(ctx, actor.userId);
    },
  });

  adminRoute.post('/:id/role', {
    operationId: 'setStaffRole',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary:
      'Make a staff member an operator or an admin; every session of theirs ends. Never one’s own role, never the last admin',
    input: { params: StaffIdParamsSchema, body: ChangeStaffRoleInputSchema },
    answers: StaffListSchema,
    message: 'Role changed. Their sessions have ended: they sign in again with the new role.',
    handle: async (request, actor) => {
      await changeStaffRole(ctx, { actor, userId: request.params.id, role: request.body.role });
      return getStaffList(ctx, actor.userId);
    },
  });

  for (const action of ACTIONS) {
    adminRoute.post(action.url, {
      operationId: action.operationId,
      refuses: action.refuses,
      summary: action.summary,
      input: { params: StaffIdParamsSchema },
      answers: StaffListSchema,
      message: action.message,
      handle: async (request, actor) => {
        await action.act(ctx, { actor, userId: request.params.id });
        return getStaffList(ctx, actor.userId);
      },
    });
  }
};

/** `POST /api/v1/auth/accept_invitation`: the invitee proves the mailed code, sets a password. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = jsonRoutes(app, { tags: ['auth'], access: publicAccess });
  route.post('/accept_invitation', {
    operationId: 'acceptStaffInvitation',
    refuses: { 401: [] },
    summary: 'Accept a staff invitation: the mailed code and a new password; then sign in',
    input: { body: ResetPasswordInputSchema },
    answers: z.null(),
    message: 'Your password is set. Sign in to open the Karta console.',
    handle: async (request) => {
      await acceptInvitation(ctx, { ...request.body, ip: request.ip });
      return null;
    },
  });
};
