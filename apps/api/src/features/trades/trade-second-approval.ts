import type { ReturnApprovalInput } from '@karta/shared/schemas/trade-steps';
import { TRADE_STEP_MESSAGES } from '@karta/shared/schemas/trade-steps';
import type { AppContext } from '../../app-context';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { checkSecondApprover } from '../../lib/second-approver';
import { checkSingleCredit } from './credit-limits';
import { claimForDecision, endedClaim, lockPendingTrade, tradeNotFound } from './trade-claims';
import { makeCounterOffer, mailOfferMade } from './counter-offer';
import { creditApprovedTrade, mailCreditOutcome } from './trade-credit';
import { findLatestFirstApproval, insertTradeEvent } from './trade-events.repository';
import { getTradeForOperators } from './trade-review.service';
import * as trades from './trades.repository';

/**
 * The second pair of eyes on a large approval (trade-four-eyes.ts): another operator confirms
 * it, which credits the wallet through the same path as a one-step approval (or, for a value
 * below the expected one, makes the seller the offer: two operators agree on a lower value
 * before the seller is asked, decision 037), or anyone sends it back to the queue with a reason. Both lock the trade row and follow the claim rule of
 * every review action, so parallel confirmations credit once and the rest get 409.
 */

const AWAITING = ['awaiting_second_approval'] as const;

export async function confirmApproval(ctx: AppContext, options: { actor: Actor; tradeId: string }) {
  const { actor } = options;
  if (!isUuid(options.tradeId)) throw tradeNotFound();
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const trade = await lockPendingTrade(tx, options.tradeId, actor, AWAITING);
    const first = await findLatestFirstApproval(tx, trade.id);
    if (!first?.amountKobo) throw new Error(`trade ${trade.id} awaits an approval it never had`);
    // Not the first approver, nor anyone who made them staff or whom they made staff.
    await checkSecondApprover(tx, {
      firstUserId: first.actorUserId,
      secondUserId: actor.userId,
      sameMessage: TRADE_STEP_MESSAGES.SAME_APPROVER,
    });
    await claimForDecision(tx, trade, actor, now);
    // The ceiling may have been lowered since the first approval: the money moves now.
    checkSingleCredit(ctx, first.amountKobo, 'final_value');
    await insertTradeEvent(tx, {
      tradeId: trade.id,
      kind: 'approval_confirmed',
      actorUserId: actor.userId,
      createdAt: now,
    });
    if (first.amountKobo < trade.expectedKobo) {
      const offer = await makeCounterOffer(ctx, tx, {
        trade,
        actor,
        offerKobo: first.amountKobo,
        note: first.message,
        reviewedByUserId: first.actorUserId,
        now,
      });
      return { offer, credit: null };
    }
    const credit = await creditApprovedTrade(ctx, tx, {
      trade,
      actor,
      finalKobo: first.amountKobo,
      note: first.message,
      reviewedByUserId: first.actorUserId,
      now,
      audit: {
        action: 'trade.confirm_approval',
        details: { first_approved_by: first.actorUserId, first_approved_at: first.createdAt },
      },
    });
    return { credit, offer: null };
  });
  const view = await getTradeForOperators(ctx, options.tradeId);
  if (outcome.credit) await mailCreditOutcome(ctx, outcome.credit, view.gift_card.name);
  if (outcome.offer) await mailOfferMade(ctx, outcome.offer, view.gift_card.name);
  return view;
}

/**
 * Sends a first approval back to the queue (pending) for a new decision, with the reason in
 * the trade's timeline. Nothing was credited, so nothing is undone; the first approver may
 * withdraw their own approval this way too.
 */
export async function returnApproval(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; input: ReturnApprovalInput },
) {
  const { actor } = options;
  if (!isUuid(options.tradeId)) throw tradeNotFound();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const trade = await lockPendingTrade(tx, options.tradeId, actor, AWAITING);
    await claimForDecision(tx, trade, actor, now);
    const returned = await trades.updateTrade(tx, trade.id, { ...endedClaim, status: 'pending' });
    await insertTradeEvent(tx, {
      tradeId: trade.id,
      kind: 'approval_returned',
      actorUserId: actor.userId,
      message: options.input.reason,
      createdAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'trade.return_approval',
      targetType: 'trade',
      targetId: trade.id,
      before: { status: trade.status },
      after: { status: returned.status, reason: options.input.reason },
    });
  });
  return getTradeForOperators(ctx, options.tradeId);
}
