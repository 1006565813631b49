import type { FailWithdrawalInput } from '@karta/shared/schemas/withdrawal-desk';
import { ProviderUnavailableError, type Transfer } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/audit-log';
import { idempotencyKeyReused, requestHashOf } from '../../lib/idempotency-key';
import { isOpen } from './desk-view';
import { askProvider } from './payout-answers';
import { failRefusalOf, type FailRefusal, type ProviderAnswer } from './payout-fail-rule';
import { applyTransferOutcome } from './payout.service';
import { findOrThrow } from './recheck-withdrawal';
import { findFailByKey, wasTransferRequested } from './withdrawal-desk.repository';
import { getDeskWithdrawal } from './withdrawal-desk.service';

/** What the seller reads (mail and history); the admin's own reason stays in the audit log. */
const SELLER_REASON = 'We stopped this payout because the bank did not confirm it.';

const KEY_REUSED =
  'This Idempotency-Key was already used to fail this payout with a different reason.';

const alreadyFinal = (status: string) =>
  new AppError('CONFLICT', `This withdrawal is already ${status}; nothing was refunded.`, {
    domainCode: 'ALREADY_DECIDED',
    field: 'id',
  });

/** Each refusal says what the provider reports and what the admin can do about it. */
function refusalError(refusal: Exclude<FailRefusal, 'paid'>): AppError {
  switch (refusal) {
    case 'pending':
      return new AppError(
        'CONFLICT',
        'The provider reports this payout pending: it may still pay it, so nothing was refunded. Wait for the provider to finish it, or re-check it later; you can fail it once the provider reports it failed or returned.',
        { domainCode: 'WRONG_STATUS', field: 'id' },
      );
    case 'requested':
      return new AppError(
        'CONFLICT',
        'The transfer was sent to the provider, which does not show it yet: it may still pay it, so nothing was refunded. Wait, and re-check it later.',
        { domainCode: 'WRONG_STATUS', field: 'id' },
      );
    case 'unavailable':
      return new AppError(
        'UNAVAILABLE',
        'The payout provider did not answer, so we cannot tell whether it will still pay this payout. Nothing was refunded; try again in a minute.',
        { field: 'id' },
      );
  }
}

/**
 * An admin fails a payout and returns the money to the wallet, only when the provider says it
 * will never pay it (`failRefusalOf`, decision 052). The provider is asked first: a payout it
 * reports paid is settled instead and refused here; one it reports pending, or a transfer we
 * sent that it does not show yet, or no answer, is refused and nothing moves. The refund goes
 * through the one locked state change, so parallel calls, the worker and webhooks refund at most
 * once. The Idempotency-Key is required: the same key and reason answer again without acting,
 * the same key with another reason is a 409.
 */
export async function failWithdrawal(
  ctx: AppContext,
  options: {
    actor: Actor;
    withdrawalId: string;
    /** Validated by the route's headers schema (lib/idempotency-key.ts). */
    idempotencyKey: string;
    input: FailWithdrawalInput;
  },
) {
  const key = options.idempotencyKey;
  const requestHash = requestHashOf({ reason: options.input.reason });
  const withdrawal = await findOrThrow(ctx, options.withdrawalId);
  // A retry of a fail that went through: the same answer, with no new call to the provider.
  const isReplay = async (tx: Executor) => {
    const earlier = await findFailByKey(tx, withdrawal.id, key);
    if (!earlier) return false;
    // An entry from before request hashes were kept matches any body, as it did then.
    if (earlier.requestHash && earlier.requestHash !== requestHash) {
      throw idempotencyKeyReused(KEY_REUSED);
    }
    return true;
  };
  if (await isReplay(ctx.db)) return getDeskWithdrawal(ctx, withdrawal.id);
  if (!isOpen(withdrawal.status)) throw alreadyFinal(withdrawal.status);

  let transfer: Transfer | null | 'unavailable';
  try {
    transfer = await askProvider(ctx, withdrawal.reference, 'recheck');
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    transfer = 'unavailable';
  }
  if (transfer && transfer !== 'unavailable' && transfer.status === 'succeeded') {
    await applyTransferOutcome(ctx, withdrawal.id, transfer);
    throw new AppError(
      'CONFLICT',
      'The provider reports this payout paid, so it was not failed. The desk now shows what it says.',
      { domainCode: 'ALREADY_DECIDED', field: 'id' },
    );
  }
  const answer: ProviderAnswer =
    transfer === 'unavailable' ? transfer : (transfer?.status ?? 'not_found');
  // Whether the worker sent the transfer is read below, under the lock.
  const refusal = failRefusalOf(answer, false);
  if (refusal && refusal !== 'paid') throw refusalError(refusal);

  const row = await applyTransferOutcome(
    ctx,
    withdrawal.id,
    // The provider said nothing of this failure: the admin decided it, in the seller's words.
    { reference: withdrawal.reference, status: 'failed', reason: null },
    {
      actor: options.actor,
      action: 'withdrawal.fail',
      failureWords: SELLER_REASON,
      note: {
        reason: options.input.reason,
        provider_status: answer,
        idempotency_key: key,
        request_hash: requestHash,
      },
      // Under the withdrawal's lock: the worker marks a transfer requested under it too, so a
      // "not found" here cannot meet a transfer being sent at the same moment.
      check: async (tx, locked) => {
        if (await isReplay(tx)) return false;
        if (!isOpen(locked.status)) throw alreadyFinal(locked.status);
        if (answer === 'not_found' && (await wasTransferRequested(tx, locked.reference))) {
          throw refusalError('requested');
        }
        return true;
      },
    },
  );
  if (!row) throw alreadyFinal('gone');
  return getDeskWithdrawal(ctx, withdrawal.id);
}
