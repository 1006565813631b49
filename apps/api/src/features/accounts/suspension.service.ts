import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import * as accounts from './accounts.repository';
import { sendSuspensionMail } from './account-mails';
import { loadTargetForStaff } from './staff-rules';

/** Statuses an operator may suspend: a self-deactivated account must not slip back in either. */
const SUSPENDABLE = new Set(['active', 'deactivated']);

/**
 * An operator suspends an account (docs/ARCHITECTURE.md#domain-rules: active ⇄ suspended, with a reason). In one
 * transaction: the status, every session ended (refresh tokens revoked, token version raised, so
 * an access token already out is refused at its next use) and the audit entry. Sign-in then
 * answers with the support message; trades and withdrawals need a session, and the PIN check
 * refuses a suspended account too. Payouts already with the provider are left to finish.
 */
export async function suspendAccount(
  ctx: AppContext,
  options: { actor: Actor; userId: string; reason: string },
) {
  const now = ctx.clock.now();
  const suspended = await ctx.db.transaction(async (tx) => {
    const target = await loadTargetForStaff(tx, options);
    if (target.status === 'suspended') {
      throw new AppError('CONFLICT', 'This account is already suspended.', {
        domainCode: 'ALREADY_DECIDED',
      });
    }
    if (!SUSPENDABLE.has(target.status)) {
      throw new AppError(
        'BAD_REQUEST',
        `A ${statusWords(target.status)} account cannot be suspended.`,
      );
    }
    await accounts.revokeAllSessions(tx, target.id, now);
    await accounts.updateUser(tx, target.id, { status: 'suspended' });
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.suspended',
      targetType: 'user',
      targetId: target.id,
      before: { status: target.status },
      after: { status: 'suspended', reason: options.reason },
    });
    return target;
  });
  // After the commit: one mail, for a suspension that happened (a refused one sends none).
  await sendSuspensionMail(ctx, suspended);
}

/** Lifts a suspension: the account is active again and its owner signs in as before. */
export async function unsuspendAccount(
  ctx: AppContext,
  options: { actor: Actor; userId: string; reason: string },
) {
  await ctx.db.transaction(async (tx) => {
    const target = await loadTargetForStaff(tx, options);
    if (target.status !== 'suspended') {
      throw new AppError('CONFLICT', 'This account is not suspended.', {
        domainCode: 'ALREADY_DECIDED',
      });
    }
    await accounts.updateUser(tx, target.id, { status: 'active' });
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.unsuspended',
      targetType: 'user',
      targetId: target.id,
      before: { status: 'suspended' },
      after: { status: 'active', reason: options.reason },
    });
  });
}

const statusWords = (status: string) =>
  status === 'pending_verification' ? 'not yet confirmed' : status;
