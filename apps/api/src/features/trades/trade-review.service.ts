import {
  TRADE_REVIEW_MESSAGES,
  type AdminTradeListQuery,
  type ApproveTradeInput,
  type RejectTradeInput,
} from '@karta/shared/schemas/trades';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { formatKoboForPeople, parseNairaToKobo } from '@karta/shared/money';
import { offsetOf, pageMeta } from '../../lib/paging';
import { ledgerAccountKey, postMovements, type LedgerMovement } from '../ledger/ledger.service';
import { claimFirstTradeReward } from '../referrals/referrals.service';
import { checkSingleCredit } from './credit-limits';
import { listAdjustments, type TradeAdjustmentRow } from './trade-adjustments.repository';
import { createImageUrlSigner } from './trade-image-urls';
import { mailReferralRewarded, mailTradeApproved, mailTradeRejected } from './trade-mails';
import {
  claimForDecision,
  dropClaim,
  endedClaim,
  lockPendingTrade,
  takeClaim,
  tradeNotFound as notFound,
} from './trade-claims';
import { hasLiveClaim, toAdminTradeView } from './trade-view';
import * as trades from './trades.repository';

const signerOf = (ctx: AppContext) => createImageUrlSigner(ctx.keys.photoLinks);

async function adminViews(ctx: AppContext, tx: Executor, ids: string[]) {
  const records = await trades.loadTradeRecords(tx, ids);
  const now = ctx.clock.now();
  const sellers = new Map(
    (await trades.findSellers(tx, [...new Set(records.map((r) => r.trade.userId))])).map((s) => [
      s.id,
      s,
    ]),
  );
  const holderIds = records.flatMap(({ trade }) =>
    hasLiveClaim(trade, now) && trade.claimedByUserId ? [trade.claimedByUserId] : [],
  );
  const holders = new Map(
    (await trades.findNames(tx, [...new Set(holderIds)])).map((person) => [person.id, person]),
  );
  const { targetMinutes } = ctx.config.tradeReview;
  const adjustments = new Map<string, TradeAdjustmentRow[]>();
  const approvedIds = records.flatMap((r) => (r.trade.status === 'approved' ? [r.trade.id] : []));
  for (const adjustment of await listAdjustments(tx, approvedIds)) {
    adjustments.set(adjustment.tradeId, [
      ...(adjustments.get(adjustment.tradeId) ?? []),
      adjustment,
    ]);
  }
  const signer = signerOf(ctx);
  return records.flatMap((record) => {
    const seller = sellers.get(record.trade.userId);
    const credits = adjustments.get(record.trade.id) ?? [];
    const claimHolder = holders.get(record.trade.claimedByUserId ?? '');
    return seller
      ? [toAdminTradeView(record, seller, credits, signer, now, { claimHolder, targetMinutes })]
      : [];
  });
}

/**
 * The review queue: pending trades oldest first (first come, first served); others newest first.
 * `claimable` keeps the pending trades this operator may take now ("Next pending trade").
 */
export async function listTradesForOperators(
  ctx: AppContext,
  options: { actor: Actor; query: AdminTradeListQuery },
) {
  const { query } = options;
  const status = query.claimable ? 'pending' : query.status;
  const claimableBy = query.claimable
    ? { userId: options.actor.userId, now: ctx.clock.now() }
    : undefined;
  const { ids, total } = await trades.listTradeIds(ctx.db, {
    filter: { status, ...(claimableBy && { claimableBy }) },
    oldestFirst: status === 'pending',
    limit: query.size,
    offset: offsetOf(query),
  });
  return { data: await adminViews(ctx, ctx.db, ids), meta: pageMeta(query, total) };
}

export async function getTradeForOperators(ctx: AppContext, tradeId: string) {
  const [view] = isUuid(tradeId) ? await adminViews(ctx, ctx.db, [tradeId]) : [];
  if (!view) throw notFound();
  return view;
}

/** Claims the trade for the caller, or renews their claim; answers the trade as it now is. */
export async function claimTrade(ctx: AppContext, options: { actor: Actor; tradeId: string }) {
  await takeClaim(ctx, options);
  return getTradeForOperators(ctx, options.tradeId);
}

/** Ends the caller's claim, if they hold one; answers the trade as it now is. */
export async function releaseTrade(ctx: AppContext, options: { actor: Actor; tradeId: string }) {
  await dropClaim(ctx, options);
  return getTradeForOperators(ctx, options.tradeId);
}

/**
 * Never above the expected value: what the seller was promised is the most one operator may
 * credit. More is an admin's adjustment, with a reason (adjust-trade.ts).
 */
function checkFinalValue(ctx: AppContext, trade: trades.TradeRow, finalKobo: bigint) {
  if (finalKobo > trade.expectedKobo) {
    throw new AppError(
      'BAD_REQUEST',
      TRADE_REVIEW_MESSAGES.finalAboveExpected(formatKoboForPeople(trade.expectedKobo)),
      { field: 'final_value' },
    );
  }
  checkSingleCredit(ctx, finalKobo, 'final_value');
}

const tradeCredit = (trade: trades.TradeRow, finalKobo: bigint): LedgerMovement => ({
  idempotencyKey: `trade:${trade.id}:credit`,
  kind: 'trade_credit',
  description: `Trade ${trade.reference} approved: ${String(trade.amount)} ${trade.currency}`,
  reference: trade.reference,
  postings: [
    { account: { kind: 'trade_funding' }, amount: -finalKobo },
    { account: { userId: trade.userId, kind: 'user_wallet' }, amount: finalKobo },
  ],
});

/**
 * Approves a pending trade and credits the seller's wallet in the same database transaction,
 * exactly once. On the seller's first approved trade, their referrer is paid too, in the same
 * transaction. Mails go out after the commit.
 */
export async function approveTrade(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; input: ApproveTradeInput },
) {
  const { actor, input } = options;
  if (!isUuid(options.tradeId)) throw notFound();
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    // Concurrent reviewers queue on the lock; whoever comes second finds it decided or claimed.
    const trade = await lockPendingTrade(tx, options.tradeId, actor);
    await claimForDecision(tx, trade, actor, now);
    const finalKobo =
      input.final_value === undefined ? trade.expectedKobo : parseNairaToKobo(input.final_value);
    checkFinalValue(ctx, trade, finalKobo);
    const approved = await trades.updateTrade(tx, trade.id, {
      ...endedClaim,
      status: 'approved',
      finalKobo,
      reviewNote: input.note || null,
      reviewedByUserId: actor.userId,
      reviewedAt: now,
    });
    const reward = await claimFirstTradeReward(tx, {
      referredUserId: trade.userId,
      tradeId: trade.id,
      at: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'trade.approve',
      targetType: 'trade',
      targetId: trade.id,
      before: { status: trade.status },
      after: {
        status: approved.status,
        final_kobo: String(finalKobo),
        expected_kobo: String(trade.expectedKobo),
        note: approved.reviewNote,
        referral_rewarded_user_id: reward?.referrer.id ?? null,
      },
    });
    const [seller] = await trades.findSellers(tx, [trade.userId]);
    const [credit, rewardPosting] = await postMovements(
      tx,
      [tradeCredit(trade, finalKobo), ...(reward ? [reward.movement] : [])],
      now,
    );
    if (!credit?.isPosted) throw new Error(`trade ${trade.id} was credited before`);
    return {
      approved,
      seller,
      sellerBalance: credit.balances.get(
        ledgerAccountKey({ userId: trade.userId, kind: 'user_wallet' }),
      ),
      reward,
      referrerBalance: reward
        ? rewardPosting?.balances.get(
            ledgerAccountKey({ userId: reward.referrer.id, kind: 'user_wallet' }),
          )
        : undefined,
    };
  });

  const view = await getTradeForOperators(ctx, outcome.approved.id);
  if (outcome.seller && outcome.sellerBalance !== undefined) {
    await mailTradeApproved(ctx, {
      to: outcome.seller,
      trade: outcome.approved,
      cardName: view.gift_card.name,
      balanceKobo: outcome.sellerBalance,
    });
  }
  if (outcome.reward && outcome.seller && outcome.referrerBalance !== undefined) {
    await mailReferralRewarded(ctx, {
      to: outcome.reward.referrer,
      friendName: outcome.seller.firstName,
      rewardKobo: outcome.reward.rewardKobo,
      balanceKobo: outcome.referrerBalance,
    });
  }
  return view;
}

/** Rejects a pending trade with a reason the user is told in words; no money moves. */
export async function rejectTrade(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; input: RejectTradeInput },
) {
  const { actor, input } = options;
  if (!isUuid(options.tradeId)) throw notFound();
  const now = ctx.clock.now();
  const { rejected, seller } = await ctx.db.transaction(async (tx) => {
    const trade = await lockPendingTrade(tx, options.tradeId, actor);
    await claimForDecision(tx, trade, actor, now);
    const row = await trades.updateTrade(tx, trade.id, {
      ...endedClaim,
      status: 'rejected',
      rejectionReason: input.reason,
      reviewNote: input.note || null,
      reviewedByUserId: actor.userId,
      reviewedAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'trade.reject',
      targetType: 'trade',
      targetId: trade.id,
      before: { status: trade.status },
      after: { status: row.status, reason: input.reason, note: row.reviewNote },
    });
    const [owner] = await trades.findSellers(tx, [trade.userId]);
    return { rejected: row, seller: owner };
  });
  const view = await getTradeForOperators(ctx, rejected.id);
  if (seller) {
    await mailTradeRejected(ctx, { to: seller, trade: rejected, cardName: view.gift_card.name });
  }
  return view;
}
