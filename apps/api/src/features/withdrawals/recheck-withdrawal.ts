import { QUEUES } from '../../adapters/jobs/jobs';
import { ProviderUnavailableError } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { isOpen } from './desk-view';
import { askProvider } from './payout-answers';
import { applyTransferOutcome } from './payout.service';
import { findDeskWithdrawal } from './withdrawal-desk.repository';
import { getDeskWithdrawal, WITHDRAWAL_NOT_FOUND } from './withdrawal-desk.service';

const PROVIDER_SILENT =
  'The payout provider did not answer. Nothing changed; try again in a minute.';

export async function findOrThrow(ctx: AppContext, withdrawalId: string) {
  const row = isUuid(withdrawalId) ? await findDeskWithdrawal(ctx.db, withdrawalId) : undefined;
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_NOT_FOUND, { field: 'id' });
  return row.withdrawal;
}

/**
 * An operator's "ask the provider now": its answer is applied through the same locked state
 * change the worker and webhooks use, and the re-check is audited in that transaction. A
 * transfer the provider never saw is handed to the payout worker again (which asks first).
 */
export async function recheckWithdrawal(
  ctx: AppContext,
  options: { actor: Actor; withdrawalId: string },
) {
  const { actor } = options;
  const withdrawal = await findOrThrow(ctx, options.withdrawalId);
  const audit = (providerStatus: string) =>
    recordAudit(ctx.db, {
      actor,
      action: 'withdrawal.recheck',
      targetType: 'withdrawal',
      targetId: withdrawal.id,
      before: { status: withdrawal.status },
      after: { status: withdrawal.status, provider_status: providerStatus },
    });
  let transfer;
  try {
    transfer = await askProvider(ctx, withdrawal.reference, 'recheck');
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    await audit('unavailable');
    throw new AppError('UNAVAILABLE', PROVIDER_SILENT, { cause: error });
  }
  if (transfer) {
    await applyTransferOutcome(ctx, withdrawal.id, transfer, {
      actor,
      action: 'withdrawal.recheck',
      note: { provider_status: transfer.status },
    });
  } else {
    await audit('not_found');
    if (isOpen(withdrawal.status)) {
      await ctx.jobs.send(
        QUEUES.payout,
        { withdrawalId: withdrawal.id },
        { singletonKey: withdrawal.id },
      );
    }
  }
  return getDeskWithdrawal(ctx, withdrawal.id);
}
