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
import { checkSingleCredit } from './credit-limits';
import { listAdjustments, type TradeAdjustmentRow } from './trade-adjustments.repository';
import { createImageUrlSigner } from './trade-image-urls';
import { duplicatesByTrade } from './trade-duplicates.service';
import { attachProofToRejection } from './rejection-proofs.service';
import { makeCounterOffer, mailOfferMade } from './counter-offer';
import { creditApprovedTrade, mailCreditOutcome } from './trade-credit';
import { checkFourEyes, holdForSecondApproval, recordSoloCredit } from './trade-four-eyes';
import { mailTradeRejected } from './trade-mails';
import { noticeTradeRejected } from './trade-notices';
import {
  claimEntryForDecision,
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

type Seller = Awaited<ReturnType<typeof trades.findSellers>>[number];

/** `known`: sellers the caller read already (an approval locked its seller's row). */
async function adminViews(ctx: AppContext, tx: Executor, ids: string[], known: Seller[] = []) {
  const records = await trades.loadTradeRecords(tx, ids);
  const now = ctx.clock.now();
  const sellers = new Map(known.map((s) => [s.id, s]));
  const missing = [...new Set(records.map((r) => r.trade.userId))].filter((id) => !sellers.has(id));
  for (const seller of await trades.findSellers(tx, missing)) sellers.set(seller.id, seller);
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
  const lookalikes = await duplicatesByTrade(tx, ids);
  return records.flatMap((record) => {
    const seller = sellers.get(record.trade.userId);
    const credits = adjustments.get(record.trade.id) ?? [];
    const claimHolder = holders.get(record.trade.claimedByUserId ?? '');
    const duplicates = lookalikes.get(record.trade.id) ?? [];
    return seller
      ? [
          toAdminTradeView(record, seller, credits, signer, now, {
            claimHolder,
            targetMinutes,
            duplicates,
            fourEyesKobo: ctx.config.fourEyesKobo,
          }),
        ]
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
  // "Awaiting second approval" is every credit that waits for a second person: first approvals
  // and approved trades with an adjustment waiting (decision 049).
  const filter =
    status === 'awaiting_second_approval'
      ? { isWaitingSecondApproval: true }
      : { status, ...(claimableBy && { claimableBy }) };
  const { ids, total } = await trades.listTradeIds(ctx.db, {
    filter,
    oldestFirst: status === 'pending',
    limit: query.size,
    offset: offsetOf(query),
  });
  return { data: await adminViews(ctx, ctx.db, ids), meta: pageMeta(query, total) };
}

export async function getTradeForOperators(ctx: AppContext, tradeId: string, knownSeller?: Seller) {
  const [view] = isUuid(tradeId)
    ? await adminViews(ctx, ctx.db, [tradeId], knownSeller ? [knownSeller] : [])
    : [];
  if (!view) throw notFound();
  return view;
}

/**
 * Claims the trade for the caller, or renews their claim; answers the trade as it now is and
 * the claim's release token. `takeOver`: also another operator's claim their page left silent.
 */
export async function claimTrade(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; takeOver?: boolean },
) {
  const releaseToken = await takeClaim(ctx, options);
  return { ...(await getTradeForOperators(ctx, options.tradeId)), release_token: releaseToken };
}

/**
 * Ends the caller's claim, if they hold one; answers the trade as it now is and whether a claim
 * was ended. Another operator's live claim is refused (409, naming them).
 */
export async function releaseTrade(ctx: AppContext, options: { actor: Actor; tradeId: string }) {
  const released = await dropClaim(ctx, options);
  return { ...(await getTradeForOperators(ctx, options.tradeId)), released };
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

/**
 * Approves a pending trade. When the four-eyes sum allows it (trade-four-eyes.ts: this credit,
 * and what this operator credited the seller today, stay below FOUR_EYES_KOBO), it credits the
 * seller's wallet in the same database transaction, exactly once, with the referral reward on
 * their first approved trade (trade-credit.ts); otherwise it only records the approval and waits
 * for a second operator. A value below the expected one credits nothing: it is an
 * offer the seller accepts or declines (counter-offer.ts; after the second operator's
 * confirmation when four eyes apply). Mails go out after the commit.
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
    // The claim's audit entry goes in with the approval's (one round trip less); before an
    // offer or a hold for four eyes, on its own.
    const claim = await claimEntryForDecision(tx, trade, actor, now);
    const finalKobo =
      input.final_value === undefined ? trade.expectedKobo : parseNairaToKobo(input.final_value);
    checkFinalValue(ctx, trade, finalKobo);
    const note = input.note || null;
    const hold = await checkFourEyes(ctx, tx, { actor, trade, amountKobo: finalKobo, now });
    const isOffer = finalKobo < trade.expectedKobo;
    if (claim && (hold || isOffer)) await recordAudit(tx, claim);
    if (hold) {
      await holdForSecondApproval(ctx, tx, { trade, actor, finalKobo, note, hold, now });
      return null;
    }
    // Decided alone: it counts towards this operator's sums for the seller, the trade and today.
    await recordSoloCredit(tx, {
      actor,
      trade,
      amountKobo: finalKobo,
      kind: isOffer ? 'offer' : 'approval',
      now,
    });
    if (isOffer) {
      const offer = await makeCounterOffer(ctx, tx, {
        trade,
        actor,
        offerKobo: finalKobo,
        note,
        reviewedByUserId: actor.userId,
        now,
      });
      return { offer, credit: null };
    }
    const credit = await creditApprovedTrade(ctx, tx, {
      trade,
      actor,
      finalKobo,
      note,
      reviewedByUserId: actor.userId,
      now,
      audit: { action: 'trade.approve', claim },
    });
    return { credit, offer: null };
  });

  const view = await getTradeForOperators(ctx, options.tradeId, outcome?.credit?.seller);
  if (outcome?.credit) await mailCreditOutcome(ctx, outcome.credit, view.gift_card.name);
  if (outcome?.offer) await mailOfferMade(ctx, outcome.offer, view.gift_card.name);
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
    // Uploaded first (rejection-proofs.service.ts); bound to this trade and used once.
    const proof = input.proof_id
      ? await attachProofToRejection(tx, { proofId: input.proof_id, tradeId: trade.id, at: now })
      : undefined;
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
      after: {
        status: row.status,
        reason: input.reason,
        note: row.reviewNote,
        proof_id: proof?.id ?? null,
      },
    });
    await noticeTradeRejected(tx, row, now);
    const [owner] = await trades.findSellers(tx, [trade.userId]);
    return { rejected: row, seller: owner };
  });
  const view = await getTradeForOperators(ctx, rejected.id);
  if (seller) {
    await mailTradeRejected(ctx, {
      to: seller,
      trade: rejected,
      cardName: view.gift_card.name,
      hasProof: view.rejection_proof !== null,
    });
  }
  return view;
}
