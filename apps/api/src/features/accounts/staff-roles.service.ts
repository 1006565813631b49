import { STAFF_NOT_FOUND, type StaffRole } from '@karta/shared/schemas/staff-desk';
import type { AuditAction } from '@karta/shared/audit-actions';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import * as users from '../../lib/users';
import * as accounts from './accounts.repository';
import { voidCodes } from '../codes/codes.service';
import { invitationConfirmRefusal } from './staff-confirmation.service';
import { insertStaffGrant } from './staff-grants.repository';
import { listStaff, lockActiveAdmins } from './staff.repository';
import { toStaffMember } from './staff-view';

/**
 * The staff desk's list as `viewerId` (an admin) sees it: for each invitation still waiting for
 * a second admin, whether this admin may confirm it, and if not, why (a statement for each:
 * they are few, and the words are the rule's own).
 */
export async function getStaffList(ctx: AppContext, viewerId: string) {
  const now = ctx.clock.now();
  const rows = await listStaff(ctx.db);
  const data = await Promise.all(
    rows.map(async (row) => {
      const refusal =
        row.invitedBy && !row.confirmedBy
          ? await invitationConfirmRefusal(ctx.db, {
              confirmerId: viewerId,
              invitee: row,
              inviterId: row.invitedBy.id,
            })
          : null;
      return toStaffMember(row, { now, confirmRefusal: refusal?.message ?? null });
    }),
  );
  return { data };
}

/**
 * The checks every role change makes, on locked rows: the admins first (in one order, so two
 * changes cannot deadlock), then the target. Refusals are 400 with the reason in words, as on
 * the sellers desk (decision 021: 403 would make the web client refresh first).
 */
async function loadStaffTarget(tx: Executor, actor: Actor, userId: string, newRole: string) {
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', STAFF_NOT_FOUND, { field: 'id' });
  const admins = await lockActiveAdmins(tx);
  // The guard let the actor in as an admin, but another admin may have just taken that away.
  if (!admins.includes(actor.userId)) {
    throw new AppError('BAD_REQUEST', 'Only an admin can change staff roles.');
  }
  if (userId === actor.userId) {
    throw new AppError('BAD_REQUEST', 'You cannot change your own role. Ask another admin.');
  }
  await users.lockUser(tx, userId);
  const target = await users.findUserById(tx, userId);
  if (!target || target.role === 'user' || target.status === 'deleted') {
    throw new AppError('NOT_FOUND', STAFF_NOT_FOUND, { field: 'id' });
  }
  if (target.role === newRole) {
    throw new AppError('CONFLICT', `${target.firstName} is already ${roleWords(newRole)}.`, {
      domainCode: 'ALREADY_DECIDED',
    });
  }
  const isLastAdmin = admins.length === 1 && admins[0] === target.id;
  if (isLastAdmin) {
    throw new AppError(
      'BAD_REQUEST',
      'Karta needs at least one admin. Make someone else an admin first.',
    );
  }
  return target;
}

/**
 * Sets a staff member's role (operator, admin, or user to take the rights away) and ends every
 * one of their sessions in the same transaction, as a suspension does (decision 021): the next
 * token they use carries the old role and is refused, and they sign in again with the new one.
 * A removed invitee's invitation stops working too.
 */
async function setRole(
  ctx: AppContext,
  options: { actor: Actor; userId: string; role: StaffRole | 'user'; action: AuditAction },
) {
  const { actor, userId, role } = options;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const target = await loadStaffTarget(tx, actor, userId, role);
    await accounts.revokeAllSessions(tx, target.id, now);
    await accounts.updateUser(tx, target.id, { role });
    if (role === 'user') {
      await voidCodes(tx, target.id, 'staff_invitation', now);
    } else {
      // Made staff by this admin (decision 049): neither is the other's second pair of eyes.
      await insertStaffGrant(tx, {
        userId: target.id,
        kind: 'role_change',
        role,
        grantedByUserId: actor.userId,
        createdAt: now,
      });
    }
    await recordAudit(tx, {
      actor,
      action: options.action,
      targetType: 'user',
      targetId: target.id,
      before: { role: target.role },
      after: { role },
    });
  });
}

export const changeStaffRole = (
  ctx: AppContext,
  options: { actor: Actor; userId: string; role: StaffRole },
) => setRole(ctx, { ...options, action: 'staff.role_changed' });

/** The account stays (its trades and audit trail with it); it is a seller's account again. */
export const removeStaffRights = (ctx: AppContext, options: { actor: Actor; userId: string }) =>
  setRole(ctx, { ...options, role: 'user', action: 'staff.rights_removed' });

const roleWords = (role: string) =>
  role === 'admin' ? 'an admin' : role === 'operator' ? 'an operator' : 'not staff';
