import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { sendSecurityNotice } from './account-mails';
import * as accounts from './accounts.repository';
import { deleteAllPasskeys } from './passkeys.repository';
import { loadTargetForStaff } from './staff-rules';
import { turnOffTwoFactor } from './two-factor.service';
import { hasTwoStep } from './two-step.service';

/**
 * An admin turns off the two-step sign-in of a seller or a staff member who lost their phone
 * and their recovery codes (or the phone that held their passkeys), after checking who they are
 * (docs/security.md). In one transaction: every second factor forgotten (the app, its recovery
 * codes, every passkey), every session ended, the audit entry with the reason, the notice; then
 * the mail. Never on one's own account (staff-rules).
 */
export async function resetTwoFactor(
  ctx: AppContext,
  options: { actor: Actor; userId: string; reason: string },
) {
  const now = ctx.clock.now();
  const target = await ctx.db.transaction(async (tx) => {
    const found = await loadTargetForStaff(tx, options);
    if (!(await hasTwoStep(tx, found))) {
      throw new AppError('CONFLICT', 'Two-step sign-in is not on for this account.', {
        domainCode: 'ALREADY_DECIDED',
      });
    }
    await accounts.revokeAllSessions(tx, found.id, now);
    const passkeysRemoved = await deleteAllPasskeys(tx, found.id);
    const updated = await turnOffTwoFactor(tx, {
      userId: found.id,
      at: now,
      body: 'Karta support turned off two-step sign-in for your account, as you asked: your authenticator app and passkeys no longer work for it. Sign in with your password and turn it on again in Settings › Security.',
    });
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.two_factor_reset',
      targetType: 'user',
      targetId: found.id,
      before: {
        two_factor: true,
        totp: found.twoFactorEnabledAt !== null,
        passkeys: passkeysRemoved,
      },
      after: { two_factor: false, passkeys: 0, reason: options.reason },
    });
    return updated;
  });
  await sendSecurityNotice(
    ctx,
    target,
    'Two-step sign-in on your Karta account was turned off by Karta support, and every session was signed out',
  );
}
