import { ProviderUnavailableError, type Transfer } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import { rememberRecipient } from '../beneficiaries/beneficiaries.service';
import { postMovements, type LedgerMovement } from '../ledger/ledger.service';
import { mailWithdrawalNews, type WithdrawalNews } from './withdrawal-mails';
import * as withdrawals from './withdrawals.repository';

const REFUSED_BY_PROVIDER =
  'The bank transfer could not be started. Your money is back in your wallet.';

const holdOf = (row: withdrawals.WithdrawalRow) => ({
  userId: row.userId,
  kind: 'user_withdrawal_hold' as const,
});
const walletOf = (row: withdrawals.WithdrawalRow) => ({
  userId: row.userId,
  kind: 'user_wallet' as const,
});

/** Paid: the hold leaves, the amount to the payouts account, the fee to our fee income. */
const settle = (row: withdrawals.WithdrawalRow): LedgerMovement => ({
  idempotencyKey: `withdrawal:${row.id}:settle`,
  kind: 'withdrawal_fee',
  description: `Withdrawal ${row.reference} paid to ${row.bankName} ${row.accountNumber}`,
  reference: row.reference,
  postings: [
    { account: holdOf(row), amount: -(row.amountKobo + row.feeKobo) },
    { account: { kind: 'payouts_in_flight' }, amount: row.amountKobo },
    ...(row.feeKobo > 0n
      ? [{ account: { kind: 'payout_fees' as const }, amount: row.feeKobo }]
      : []),
  ],
});

/** Not paid: the hold goes back to the wallet, fee included. */
const release = (row: withdrawals.WithdrawalRow): LedgerMovement => ({
  idempotencyKey: `withdrawal:${row.id}:release`,
  kind: 'withdrawal_release',
  description: `Withdrawal ${row.reference} failed: money returned`,
  reference: row.reference,
  postings: [
    { account: holdOf(row), amount: -(row.amountKobo + row.feeKobo) },
    { account: walletOf(row), amount: row.amountKobo + row.feeKobo },
  ],
});

/** Paid, then returned by the bank: a new credit of amount and fee (never an edit of the old). */
const reversal = (row: withdrawals.WithdrawalRow): LedgerMovement => ({
  idempotencyKey: `withdrawal:${row.id}:reversal`,
  kind: 'withdrawal_reversal',
  description: `Withdrawal ${row.reference} returned by the bank`,
  reference: row.reference,
  postings: [
    { account: { kind: 'payouts_in_flight' }, amount: -row.amountKobo },
    ...(row.feeKobo > 0n
      ? [{ account: { kind: 'payout_fees' as const }, amount: -row.feeKobo }]
      : []),
    { account: walletOf(row), amount: row.amountKobo + row.feeKobo },
  ],
});

/**
 * Moves a withdrawal to what the provider says, once. Every path (worker, webhook,
 * reconciliation) comes through here with the row locked, so a success and a failure, or a
 * webhook and the worker, cannot both move money: the second finds the state already final.
 * A reversal reported before any success fails the withdrawal (one refund, not two).
 */
export async function applyTransferOutcome(
  ctx: AppContext,
  withdrawalId: string,
  transfer: Transfer,
): Promise<void> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const row = await withdrawals.lockWithdrawal(tx, withdrawalId);
    if (!row) return null;
    const isOpen = row.status === 'pending' || row.status === 'processing';
    let news: WithdrawalNews | null = null;
    let updated = row;
    if (transfer.status === 'succeeded' && isOpen) {
      await postMovements(tx, [settle(row)], now);
      updated = await withdrawals.updateWithdrawal(tx, row.id, {
        status: 'successful',
        processingAt: row.processingAt ?? now,
        completedAt: now,
      });
      news = 'successful';
    } else if ((transfer.status === 'failed' || transfer.status === 'reversed') && isOpen) {
      await postMovements(tx, [release(row)], now);
      updated = await withdrawals.updateWithdrawal(tx, row.id, {
        status: 'failed',
        failureReason: transfer.reason ?? 'The bank did not accept the transfer.',
        processingAt: row.processingAt ?? now,
        completedAt: now,
      });
      news = 'failed';
    } else if (transfer.status === 'reversed' && row.status === 'successful' && !row.reversedAt) {
      await postMovements(tx, [reversal(row)], now);
      updated = await withdrawals.updateWithdrawal(tx, row.id, { reversedAt: now });
      news = 'reversed';
    } else if (transfer.status === 'succeeded' && row.status === 'failed') {
      // The provider paid what we refunded: money went out twice. Never silently: an operator
      // must recover it.
      ctx.log.error(
        { reference: row.reference },
        'provider reports success for a refunded withdrawal',
      );
    }
    return news ? { row: updated, news } : null;
  });
  if (result) await mailWithdrawalNews(ctx, result.row, result.news);
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

  let transfer = await ctx.payouts.getTransfer(claimed.reference);
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
      transfer = await ctx.payouts.startTransfer({
        reference: claimed.reference,
        recipient,
        amountKobo: claimed.amountKobo,
        reason: 'Karta withdrawal',
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw error;
      ctx.log.error({ err: error, reference: claimed.reference }, 'provider refused the transfer');
      transfer = { reference: claimed.reference, status: 'failed', reason: REFUSED_BY_PROVIDER };
    }
  }
  await applyTransferOutcome(ctx, claimed.id, transfer);
}
