import type { ResetPasswordInput } from '@karta/shared/schemas/auth';
import { STAFF_NOT_FOUND, type InviteStaffInput } from '@karta/shared/schemas/staff-desk';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { hashSecret } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pg-errors';
import { createOpaqueToken } from '../../lib/secrets';
import * as users from '../../lib/users';
import type { UserRow } from '../../lib/users';
import * as accounts from './accounts.repository';
import { assertNotCommonPassword } from './common-passwords';
import { createReferralCode } from './referral-codes';
import { consumeCode } from '../codes/codes.service';
import { mailInvitation } from './invitation-mail';
import { insertStaffGrant } from './staff-grants.repository';

const INVITATION_INVALID =
  'This code has expired or has been replaced. Ask your admin for a new invitation.';

/** Why an address cannot be invited; a seller's account is never turned into staff (decision 027). */
function alreadyUsed(existing: UserRow) {
  const message =
    existing.role === 'user'
      ? 'This e-mail already has a Karta seller account. Staff accounts are kept apart from seller accounts: invite the person with another e-mail.'
      : existing.status === 'pending_verification'
        ? 'This person is already invited. Re-send the invitation from the staff list.'
        : 'This e-mail already belongs to a staff member.';
  return new AppError('CONFLICT', message, { field: 'email', domainCode: 'ALREADY_EXISTS' });
}

/**
 * An admin invites an operator: an account with the operator role, waiting for its owner, whose
 * password nobody knows (a random one, hashed) until the invitee sets theirs with the mailed code.
 */
export async function inviteOperator(
  ctx: AppContext,
  options: { actor: Actor; input: InviteStaffInput },
): Promise<UserRow> {
  const { actor, input } = options;
  const existing = await users.findUserByEmail(ctx.db, input.email);
  if (existing) throw alreadyUsed(existing);
  const passwordHash = await hashSecret(createOpaqueToken());
  let invitee: UserRow;
  try {
    invitee = await ctx.db.transaction(async (tx) => {
      const row = await accounts.insertUser(tx, {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        passwordHash,
        role: 'operator',
        status: 'pending_verification',
        referralCode: await createReferralCode(tx, input.first_name),
      });
      // Who made this person staff (decision 049): until a second admin confirms it, the
      // invitee is nobody's second pair of eyes, and never the inviter's.
      await insertStaffGrant(tx, {
        userId: row.id,
        kind: 'invitation',
        role: 'operator',
        grantedByUserId: actor.userId,
        createdAt: ctx.clock.now(),
      });
      await recordAudit(tx, {
        actor,
        action: 'staff.invited',
        targetType: 'user',
        targetId: row.id,
        before: null,
        after: { email: row.email, role: 'operator' },
      });
      return row;
    });
  } catch (error) {
    // Two admins inviting the same address at once: the second sees the first's account.
    const raced = isUniqueViolation(error, 'users_email_key')
      ? await users.findUserByEmail(ctx.db, input.email)
      : undefined;
    throw raced ? alreadyUsed(raced) : error;
  }
  await mailInvitation(ctx, invitee);
  return invitee;
}

/** A new code for an invitation not yet accepted; the previous code stops working. */
export async function resendInvitation(ctx: AppContext, options: { actor: Actor; userId: string }) {
  const { actor, userId } = options;
  const invitee = isUuid(userId) ? await users.findUserById(ctx.db, userId) : undefined;
  if (!invitee || invitee.role === 'user') {
    throw new AppError('NOT_FOUND', STAFF_NOT_FOUND, { field: 'id' });
  }
  if (invitee.status !== 'pending_verification') {
    throw new AppError('CONFLICT', `${invitee.firstName} has already accepted the invitation.`, {
      domainCode: 'ALREADY_DECIDED',
    });
  }
  await mailInvitation(ctx, invitee);
  await recordAudit(ctx.db, {
    actor,
    action: 'staff.invitation_resent',
    targetType: 'user',
    targetId: invitee.id,
    before: null,
    after: { email: invitee.email },
  });
  return invitee;
}

/**
 * The invitee sets a password with the mailed code: the account becomes active, and they sign in
 * as an operator. The answer is the same for an unknown address as for a wrong one.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: ResetPasswordInput & { ip: string },
) {
  await assertNotCommonPassword(input.new_password, 'new_password');
  const invitee = await users.findUserByEmail(ctx.db, input.email);
  if (!invitee || invitee.role === 'user' || invitee.status !== 'pending_verification') {
    throw new AppError('BAD_REQUEST', INVITATION_INVALID, { field: 'otp' });
  }
  await consumeCode(ctx, { userId: invitee.id, purpose: 'staff_invitation', code: input.otp });
  const passwordHash = await hashSecret(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await accounts.updateUser(tx, invitee.id, {
      passwordHash,
      status: 'active',
      verifiedAt: ctx.clock.now(),
    });
    await recordAudit(tx, {
      actor: { userId: invitee.id, ip: input.ip },
      action: 'staff.invitation_accepted',
      targetType: 'user',
      targetId: invitee.id,
      before: { status: 'pending_verification' },
      after: { status: 'active' },
    });
  });
}
