import { cardAmountText } from '@karta/shared/money';
import type { AuditAction } from '@karta/shared/audit-actions';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { recordAudits, type Actor, type AuditEntry } from '../../lib/audit-log';
import { ledgerAccountKey, postMovements, type LedgerMovement } from '../ledger/ledger.service';
import { claimFirstTradeReward } from '../referrals/referrals.service';
import {
  autoWithdrawalMailLine,
  lockForAutoWithdrawal,
  mailAutoWithdrawalOutcome,
  queueAutoWithdrawal,
} from '../withdrawals/auto-withdrawal.service';
import { endedClaim } from './trade-claims';
import { noticeReferralEarned, noticeTradeApproved } from './trade-notices';
import { mailReferralRewarded, mailTradeApproved } from './trade-mails';
import * as trades from './trades.repository';

const tradeCredit = (trade: trades.TradeRow, finalKobo: bigint): LedgerMovement => ({
  idempotencyKey: `trade:${trade.id}:credit`,
  kind: 'trade_credit',
  description: `Trade ${trade.reference} approved: ${cardAmountText(trade.amount)} ${trade.currency}`,
  reference: trade.reference,
  postings: [
    { account: { kind: 'trade_funding' }, amount: -finalKobo },
    { account: { userId: trade.userId, kind: 'user_wallet' }, amount: finalKobo },
  ],
});

/**
 * The one way a trade becomes approved and credited, for a one-step approval and for a
 * four-eyes confirmation alike: the status, the wallet credit (keyed by the trade, so it can
 * happen once) and, on the seller's first approved trade, their referrer's reward, all in the
 * caller's transaction with its audit entry. When the seller has automatic withdrawal on, the
 * credit leaves for their account in the same transaction (decision 038). Returns what the
 * mails need, sent after commit.
 */
export async function creditApprovedTrade(
  ctx: AppContext,
  tx: Executor,
  options: {
    trade: trades.TradeRow;
    actor: Actor;
    finalKobo: bigint;
    note: string | null;
    /** Who decided the value: the approver (for four eyes, the first one). */
    reviewedByUserId: string;
    now: Date;
    audit: {
      action: AuditAction;
      details?: Record<string, unknown>;
      /** Written first, with this one: the claim taken on the way (trade-claims.ts). */
      claim?: AuditEntry | null;
    };
  },
) {
  const { trade, actor, finalKobo, now } = options;
  // Before any money moves: the seller's row, then their balances (auto-withdrawal.service.ts).
  const sellerRow = await lockForAutoWithdrawal(tx, trade.userId);
  const approved = await trades.updateTrade(tx, trade.id, {
    ...endedClaim,
    status: 'approved',
    finalKobo,
    reviewNote: options.note,
    reviewedByUserId: options.reviewedByUserId,
    reviewedAt: now,
  });
  const reward = await claimFirstTradeReward(tx, {
    referredUserId: trade.userId,
    tradeId: trade.id,
    at: now,
  });
  await recordAudits(tx, [
    ...(options.audit.claim ? [options.audit.claim] : []),
    {
      actor,
      action: options.audit.action,
      targetType: 'trade',
      targetId: trade.id,
      before: { status: trade.status },
      after: {
        status: approved.status,
        final_kobo: String(finalKobo),
        expected_kobo: String(trade.expectedKobo),
        note: approved.reviewNote,
        referral_rewarded_user_id: reward?.referrer.id ?? null,
        ...options.audit.details,
      },
    },
  ]);
  const seller = sellerRow && {
    id: sellerRow.id,
    firstName: sellerRow.firstName,
    lastName: sellerRow.lastName,
    email: sellerRow.email,
  };
  // The bell tells of the credit with it: a rolled-back approval leaves no notice.
  await noticeTradeApproved(tx, approved, now);
  if (reward && seller) {
    await noticeReferralEarned(tx, {
      referrerId: reward.referrer.id,
      friendName: seller.firstName,
      rewardKobo: reward.rewardKobo,
      at: now,
    });
  }
  const [credit, rewardPosting] = await postMovements(
    tx,
    [tradeCredit(trade, finalKobo), ...(reward ? [reward.movement] : [])],
    now,
  );
  if (!credit?.isPosted) throw new Error(`trade ${trade.id} was credited before`);
  const autoWithdrawal = await queueAutoWithdrawal(ctx, tx, {
    seller: sellerRow,
    trade,
    creditKobo: finalKobo,
    now,
  });
  const creditedBalance = credit.balances.get(
    ledgerAccountKey({ userId: trade.userId, kind: 'user_wallet' }),
  );
  return {
    approved,
    seller,
    sellerBalance:
      autoWithdrawal.kind === 'queued' && creditedBalance !== undefined
        ? creditedBalance - finalKobo
        : creditedBalance,
    autoWithdrawal,
    reward,
    referrerBalance: reward
      ? rewardPosting?.balances.get(
          ledgerAccountKey({ userId: reward.referrer.id, kind: 'user_wallet' }),
        )
      : undefined,
  };
}

export type CreditOutcome = Awaited<ReturnType<typeof creditApprovedTrade>>;

/** After the commit: the seller hears they were paid; a referrer, that they earned a reward. */
export async function mailCreditOutcome(ctx: AppContext, outcome: CreditOutcome, cardName: string) {
  if (outcome.seller && outcome.sellerBalance !== undefined) {
    await mailTradeApproved(ctx, {
      to: outcome.seller,
      trade: outcome.approved,
      cardName,
      balanceKobo: outcome.sellerBalance,
      autoWithdrawalLine: autoWithdrawalMailLine(outcome.autoWithdrawal),
    });
  }
  await mailAutoWithdrawalOutcome(ctx, outcome.autoWithdrawal);
  if (outcome.reward && outcome.seller && outcome.referrerBalance !== undefined) {
    await mailReferralRewarded(ctx, {
      to: outcome.reward.referrer,
      friendName: outcome.seller.firstName,
      rewardKobo: outcome.reward.rewardKobo,
      balanceKobo: outcome.referrerBalance,
    });
  }
}
