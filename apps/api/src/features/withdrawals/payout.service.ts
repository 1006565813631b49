import type { Transfer } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { sellerWordsForPayoutFailure } from './payout-failure-words';
import { postMovements, type LedgerMovement } from '../ledger/ledger.service';
import { stopAutoWithdrawalAfterFailure } from './auto-withdrawal.service';
import { raiseAlert } from './withdrawal-desk.repository';
import { mailWithdrawalNews, type WithdrawalNews } from './withdrawal-mails';
import { noticeWithdrawalNews } from './withdrawal-notices';
import * as withdrawals from './withdrawals.repository';

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

/** An operator's hand in a state change: audited in its transaction, after its own check. */
export interface OperatorStep {
  actor: Actor;
  action: 'withdrawal.recheck' | 'withdrawal.fail';
  /** What the audit entry adds to the new state (the provider's answer, the reason). */
  note: Record<string, unknown>;
  /** Runs on the locked row before anything moves; throws to refuse, false to change nothing. */
  check?: (tx: Executor, row: withdrawals.WithdrawalRow) => Promise<boolean>;
  /** What the seller reads if this step fails the payout (an admin's fail-and-refund). */
  failureWords?: string;
}

/**
 * Moves a withdrawal to what the provider says, once. Every path (worker, webhook,
 * reconciliation, an operator's re-check or fail-and-refund) comes through here with the row
 * locked, so a success and a failure, or a webhook and the worker, cannot both move money: the
 * second finds the state already final. A reversal reported before any success fails the
 * withdrawal (one refund, not two). A success reported after a refund raises an alert.
 */
export async function applyTransferOutcome(
  ctx: AppContext,
  withdrawalId: string,
  transfer: Transfer,
  step?: OperatorStep,
): Promise<withdrawals.WithdrawalRow | null> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const row = await withdrawals.lockWithdrawal(tx, withdrawalId);
    if (!row) return null;
    if (step?.check && !(await step.check(tx, row))) return { row, news: null, autoStopped: null };
    const isOpen = row.status === 'pending' || row.status === 'processing';
    let news: WithdrawalNews | null = null;
    let autoStopped: string | null = null;
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
      // Before the money moves: the seller's row is locked before their balances, as everywhere.
      autoStopped = await stopAutoWithdrawalAfterFailure(tx, row, now);
      await postMovements(tx, [release(row)], now);
      updated = await withdrawals.updateWithdrawal(tx, row.id, {
        status: 'failed',
        failureReason: step?.failureWords ?? sellerWordsForPayoutFailure(transfer.reason),
        providerReason: transfer.reason,
        processingAt: row.processingAt ?? now,
        completedAt: now,
      });
      news = 'failed';
    } else if (transfer.status === 'reversed' && row.status === 'successful' && !row.reversedAt) {
      autoStopped = await stopAutoWithdrawalAfterFailure(tx, row, now);
      await postMovements(tx, [reversal(row)], now);
      updated = await withdrawals.updateWithdrawal(tx, row.id, {
        reversedAt: now,
        providerReason: transfer.reason,
      });
      news = 'reversed';
    } else if (transfer.status === 'succeeded' && row.status === 'failed') {
      // The provider paid what we refunded: money went out twice. Nothing moves (the refund
      // stands); an alert stays on the desk until an operator recovers it.
      await raiseAlert(tx, {
        withdrawalId: row.id,
        kind: 'paid_after_refund',
        detail: 'The provider reports this payout paid after it was failed and refunded.',
        at: now,
      });
      ctx.log.error(
        { reference: row.reference },
        'provider reports success for a refunded withdrawal',
      );
    }
    // The bell tells of the settlement with it, on every path, once (the state is final now).
    if (news) await noticeWithdrawalNews(tx, updated, news, now);
    if (step) {
      await recordAudit(tx, {
        actor: step.actor,
        action: step.action,
        targetType: 'withdrawal',
        targetId: row.id,
        before: { status: row.status },
        after: { status: updated.status, ...step.note },
      });
    }
    return { row: updated, news, autoStopped };
  });
  if (result?.news) {
    await mailWithdrawalNews(ctx, result.row, result.news, result.autoStopped ?? undefined);
  }
  return result?.row ?? null;
}
