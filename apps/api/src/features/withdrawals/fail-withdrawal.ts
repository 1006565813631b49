import type { FailWithdrawalInput } from '@karta/shared/schemas/withdrawal-desk';
import { ProviderUnavailableError, type Transfer } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/audit-log';
import { isOpen, isStuckRow } from './desk-view';
import { askProvider } from './payout-answers';
import { applyTransferOutcome } from './payout.service';
import { findOrThrow } from './recheck-withdrawal';
import { wasFailedWithKey } from './withdrawal-desk.repository';
import { getDeskWithdrawal, stuckBeforeOf } from './withdrawal-desk.service';

/** What the seller reads (mail and history); the admin's own reason stays in the audit log. */
const SELLER_REASON = 'We stopped this payout because the bank did not confirm it.';

const alreadyFinal = (status: string) =>
  new AppError('CONFLICT', `This withdrawal is already ${status}; nothing was refunded.`, {
    domainCode: 'ALREADY_DECIDED',
    field: 'id',
  });

/**
 * An admin fails a payout and returns the money to the wallet: only when the provider reports
 * it failed or cannot say (never saw it, or does not answer), or when it has been processing
 * for over an hour. The provider is asked first: a payout it reports paid or returned is moved
 * to that instead and refused here. The refund goes through the one locked state change, so
 * parallel calls, the worker and webhooks refund at most once; a success reported later raises
 * an alert and pays nothing. A retry with the same Idempotency-Key gets the same answer.
 */
export async function failWithdrawal(
  ctx: AppContext,
  options: {
    actor: Actor;
    withdrawalId: string;
    idempotencyKey: string | undefined;
    input: FailWithdrawalInput;
  },
) {
  const { idempotencyKey: key } = options;
  const withdrawal = await findOrThrow(ctx, options.withdrawalId);
  const isRetry = async (tx: Executor, row: typeof withdrawal) =>
    !!key && row.status === 'failed' && (await wasFailedWithKey(tx, row.id, key));
  if (!isOpen(withdrawal.status)) {
    if (await isRetry(ctx.db, withdrawal)) return getDeskWithdrawal(ctx, withdrawal.id);
    throw alreadyFinal(withdrawal.status);
  }

  let answer: Transfer | null | 'unavailable';
  try {
    answer = await askProvider(ctx, withdrawal.reference, 'recheck');
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    answer = 'unavailable';
  }
  if (
    answer &&
    answer !== 'unavailable' &&
    answer.status !== 'failed' &&
    answer.status !== 'pending'
  ) {
    await applyTransferOutcome(ctx, withdrawal.id, answer);
    throw new AppError(
      'CONFLICT',
      `The provider reports this payout ${answer.status === 'succeeded' ? 'paid' : 'returned by the bank'}, so it was not failed. The desk now shows what it says.`,
      { domainCode: 'ALREADY_DECIDED', field: 'id' },
    );
  }
  const providerStatus =
    answer === null ? 'not_found' : answer === 'unavailable' ? answer : answer.status;

  const row = await applyTransferOutcome(
    ctx,
    withdrawal.id,
    { reference: withdrawal.reference, status: 'failed', reason: SELLER_REASON },
    {
      actor: options.actor,
      action: 'withdrawal.fail',
      note: {
        reason: options.input.reason,
        provider_status: providerStatus,
        ...(key ? { idempotency_key: key } : {}),
      },
      check: async (tx, locked) => {
        if (!isOpen(locked.status)) {
          if (await isRetry(tx, locked)) return false;
          throw alreadyFinal(locked.status);
        }
        if (providerStatus === 'pending' && !isStuckRow(locked, stuckBeforeOf(ctx))) {
          throw new AppError(
            'BAD_REQUEST',
            'The provider still reports this payout pending, and it has been processing for under an hour. Re-check it later.',
            { field: 'id' },
          );
        }
        return true;
      },
    },
  );
  if (!row) throw alreadyFinal('gone');
  return getDeskWithdrawal(ctx, withdrawal.id);
}
