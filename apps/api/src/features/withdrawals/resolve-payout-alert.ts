import type { ResolvePayoutAlertInput } from '@karta/shared/schemas/console-overview';
import type { PayoutAlert } from '@karta/shared/schemas/withdrawal-desk';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { toAlertView } from './desk-view';
import * as alerts from './payout-alerts.repository';

const ALERT_NOT_FOUND = 'We could not find this payout alert.';
const ALERT_ALREADY_RESOLVED = 'This alert was already resolved.';

/**
 * An admin closes a payout alert with what was done about it. Nothing moves in the ledger: a
 * recovery is booked by its own movement. The note lives in the audit entry, written in the same
 * transaction and shown on the withdrawal's timeline (the audit log is the record, as for
 * suspensions, decision 021).
 */
export async function resolvePayoutAlert(
  ctx: AppContext,
  options: { actor: Actor; alertId: string; input: ResolvePayoutAlertInput },
): Promise<PayoutAlert> {
  if (!isUuid(options.alertId)) throw new AppError('NOT_FOUND', ALERT_NOT_FOUND);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const found = await alerts.lockAlert(tx, options.alertId);
    if (!found) throw new AppError('NOT_FOUND', ALERT_NOT_FOUND);
    if (found.alert.resolvedAt) {
      throw new AppError('CONFLICT', ALERT_ALREADY_RESOLVED, { domainCode: 'ALREADY_DECIDED' });
    }
    const resolved = await alerts.markResolved(tx, found.alert.id, now);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'payout_alert.resolve',
      targetType: 'withdrawal',
      targetId: found.alert.withdrawalId,
      before: { alert_id: found.alert.id, kind: found.alert.kind, resolved_at: null },
      after: {
        alert_id: found.alert.id,
        kind: found.alert.kind,
        resolved_at: now.toISOString(),
        note: options.input.note,
      },
    });
    return toAlertView(resolved, found.reference);
  });
}
