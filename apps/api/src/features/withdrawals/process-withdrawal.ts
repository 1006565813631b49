import { ProviderUnavailableError } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import { rememberRecipient } from '../beneficiaries/beneficiaries.service';
import { isOpen } from './desk-view';
import { askProvider, recordProviderAnswer } from './payout-answers';
import { applyTransferOutcome } from './payout.service';
import * as desk from './withdrawal-desk.repository';
import * as withdrawals from './withdrawals.repository';

const REFUSED_BY_PROVIDER =
  'The bank transfer could not be started. Your money is back in your wallet.';

/**
 * Just before the transfer is sent: under the withdrawal's lock, checks that it is still open
 * (an admin may have failed and refunded it since the claim) and writes `requested`, after which
 * an admin's fail no longer takes "not found" for an answer (decision 052). False: send nothing.
 */
async function markRequestedIfOpen(ctx: AppContext, withdrawalId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await withdrawals.lockWithdrawal(tx, withdrawalId);
    if (!row || !isOpen(row.status)) return false;
    await desk.markTransferRequested(tx, { reference: row.reference, at: ctx.clock.now() });
    return true;
  });
}

/**
 * The payout worker's job. It always asks the provider about the reference first, so after a
 * timeout, a 5xx or a crash it never starts a second transfer: only when the provider says it
 * never saw the reference is the transfer started. An unreachable provider throws, and the job
 * is retried with backoff. A definite refusal fails the withdrawal and returns the money.
 */
export async function processWithdrawal(ctx: AppContext, withdrawalId: string): Promise<void> {
  const claimed = await ctx.db.transaction(async (tx) => {
    const row = await withdrawals.lockWithdrawal(tx, withdrawalId);
    if (!row || (row.status !== 'pending' && row.status !== 'processing')) return null;
    return withdrawals.updateWithdrawal(tx, row.id, {
      status: 'processing',
      processingAt: row.processingAt ?? ctx.clock.now(),
      attempts: row.attempts + 1,
    });
  });
  if (!claimed) return;

  let transfer = await askProvider(ctx, claimed.reference, 'worker');
  if (!transfer) {
    try {
      const recipient =
        claimed.recipientCode ??
        (await ctx.payouts.createRecipient({
          bankCode: claimed.bankCode,
          accountNumber: claimed.accountNumber,
          accountName: claimed.accountName,
        }));
      if (!claimed.recipientCode) {
        await withdrawals.updateWithdrawal(ctx.db, claimed.id, { recipientCode: recipient });
        // The next payout to this saved account reuses the recipient.
        if (claimed.beneficiaryId) {
          await rememberRecipient(ctx, {
            beneficiaryId: claimed.beneficiaryId,
            recipientCode: recipient,
          });
        }
      }
      if (!(await markRequestedIfOpen(ctx, claimed.id))) return;
      transfer = await ctx.payouts.startTransfer({
        reference: claimed.reference,
        recipient,
        amountKobo: claimed.amountKobo,
        reason: 'Karta withdrawal',
      });
      await recordProviderAnswer(ctx, {
        reference: claimed.reference,
        source: 'worker',
        answer: transfer,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        await recordProviderAnswer(ctx, {
          reference: claimed.reference,
          source: 'worker',
          answer: 'unavailable',
        });
        throw error;
      }
      ctx.log.error({ err: error, reference: claimed.reference }, 'provider refused the transfer');
      transfer = { reference: claimed.reference, status: 'failed', reason: REFUSED_BY_PROVIDER };
      await recordProviderAnswer(ctx, {
        reference: claimed.reference,
        source: 'worker',
        answer: transfer,
      });
    }
  }
  await applyTransferOutcome(ctx, claimed.id, transfer);
}
