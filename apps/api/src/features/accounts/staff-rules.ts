import { SELLER_NOT_FOUND } from '@karta/shared/schemas/sellers-desk';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/audit-log';
import * as users from '../../lib/users';
import type { Executor } from '../../db/client';

/**
 * Who may act on whom from the sellers desk: nobody on their own account (an operator could
 * otherwise lift their own suspension or PIN lock), and only an admin on staff. Refused with 400,
 * not 403: the web client reads 403 as an expired session and would refresh first (decision 003).
 * Locks the target's row, so a sign-in, a PIN check or another operator's action waits for ours.
 */
export async function loadTargetForStaff(tx: Executor, options: { actor: Actor; userId: string }) {
  const { actor, userId } = options;
  await users.lockUser(tx, userId);
  const target = await users.findUserById(tx, userId);
  if (!target) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND, { field: 'id' });
  if (target.id === actor.userId) {
    throw new AppError(
      'BAD_REQUEST',
      'You cannot do this on your own account. Ask another operator.',
    );
  }
  if (target.role !== 'user') {
    const acting = await users.findUserById(tx, actor.userId);
    if (acting?.role !== 'admin') {
      throw new AppError('BAD_REQUEST', 'Only an admin can do this on a staff account.');
    }
  }
  return target;
}
