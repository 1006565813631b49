import { STAFF_NOT_FOUND } from '@karta/shared/schemas/staff-desk';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { checkSecondApprover } from '../../lib/second-approver';
import * as users from '../../lib/users';
import * as grants from './staff-grants.repository';
import { lockActiveAdmins } from './staff.repository';

const OWN_INVITATION = 'This is your own invitation: another admin has to confirm it.';
const inviterWords = (inviteeName: string) =>
  `You invited ${inviteeName}, so another admin has to confirm the invitation.`;

/**
 * Why this admin may not confirm this invitation, or nothing (decision 049). Not the invitee;
 * and the confirmer must be a second pair of eyes on the inviter's act of inviting, under the
 * same rule as on a large credit: not the inviter, not made staff by the inviter nor the one
 * who made them staff, and not themselves invited without a second admin's confirmation.
 * Without that last part one admin could invite two identities, make one an admin and let it
 * confirm the other; the chain stops at the first identity only that admin vouched for.
 */
export async function invitationConfirmRefusal(
  tx: Executor,
  options: { confirmerId: string; invitee: { id: string; firstName: string }; inviterId: string },
): Promise<AppError | null> {
  const { confirmerId, invitee, inviterId } = options;
  if (confirmerId === invitee.id) {
    return new AppError('BAD_REQUEST', OWN_INVITATION, { field: 'id' });
  }
  try {
    await checkSecondApprover(tx, {
      firstUserId: inviterId,
      secondUserId: confirmerId,
      sameMessage: inviterWords(invitee.firstName),
    });
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * A second admin vouches that an invited person is real and not the inviter under another
 * address: from then on the invitee may be a second pair of eyes (for anyone but the inviter
 * and this admin). Before or after the invitee accepts. Under the staff desk's locks (decision
 * 027: the admins in id order, then the person), then the invitation row, so two admins
 * confirming at once queue and the second is told it is done; audited in the same transaction.
 */
export async function confirmStaffInvitation(
  ctx: AppContext,
  options: { actor: Actor; userId: string },
): Promise<void> {
  const { actor, userId } = options;
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', STAFF_NOT_FOUND, { field: 'id' });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    // The guard let the actor in as an admin, but another admin may have just taken that away.
    if (!admins.includes(actor.userId)) {
      throw new AppError('BAD_REQUEST', 'Only an admin can confirm an invitation.');
    }
    const invitee = await users.lockAndFindUser(tx, userId);
    if (!invitee || invitee.role === 'user' || invitee.status === 'deleted') {
      throw new AppError('NOT_FOUND', STAFF_NOT_FOUND, { field: 'id' });
    }
    if (invitee.id === actor.userId) {
      throw new AppError('BAD_REQUEST', OWN_INVITATION, { field: 'id' });
    }
    const invitation = await grants.lockInvitation(tx, invitee.id);
    if (!invitation) {
      throw new AppError(
        'CONFLICT',
        `${invitee.firstName} was made staff on the server, not invited from this desk: there is no invitation to confirm.`,
        { domainCode: 'WRONG_STATUS', field: 'id' },
      );
    }
    if (invitation.confirmedByUserId) {
      const confirmer = await users.findUserById(tx, invitation.confirmedByUserId);
      const by = confirmer ? ` by ${confirmer.firstName} ${confirmer.lastName}` : '';
      throw new AppError(
        'CONFLICT',
        `${invitee.firstName}’s invitation is already confirmed${by}.`,
        { domainCode: 'ALREADY_DECIDED', field: 'id' },
      );
    }
    const refusal = await invitationConfirmRefusal(tx, {
      confirmerId: actor.userId,
      invitee,
      inviterId: invitation.grantedByUserId,
    });
    if (refusal) throw refusal;
    await grants.confirmInvitation(tx, {
      grantId: invitation.id,
      confirmedByUserId: actor.userId,
      at: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'staff.invitation_confirmed',
      targetType: 'user',
      targetId: invitee.id,
      before: { invited_by: invitation.grantedByUserId, confirmed_by: null },
      after: { invited_by: invitation.grantedByUserId, confirmed_by: actor.userId },
    });
  });
}
