import { and, asc, eq, lte } from 'drizzle-orm';
import { COUNTER_OFFER_HOURS } from '@karta/shared/constants';
import { formatLagosDateTime, getLagosDate } from '@karta/shared/dates';
import { formatKoboForPeople } from '@karta/shared/money';
import { TRADE_STEP_MESSAGES, type AnswerOfferInput } from '@karta/shared/schemas/trade-steps';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { trades as tradesTable } from '../../db/schema/trades';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor, type AuditEntry } from '../../lib/audit-log';
import { addSeconds } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { recordNotice } from '../notices/notices.service';
import { findCardCodes } from './card-codes';
import { endedClaim, wrongStatus } from './trade-claims';
import { creditApprovedTrade, mailCreditOutcome, type CreditOutcome } from './trade-credit';
import { insertTradeEvent } from './trade-events.repository';
import { mailCounterOffer, mailOfferDeclined } from './trade-mails';
import { markOfferCredited, voidOffer } from './solo-credits.repository';
import { TRADE_NOT_FOUND, getUserTrade } from './trades.service';
import * as trades from './trades.repository';

/**
 * Counter-offers (decision 037): an approval below the expected value moves no money. The
 * trade waits in counter_offered with the offered value and the operator's note; the seller
 * accepts (credited at once, through creditApprovedTrade like every approval) or declines
 * (declined, nothing moves). Unanswered after COUNTER_OFFER_HOURS, the sweep answers with the
 * seller's own if_no_answer choice. Every answer locks the trade row and re-reads its status,
 * so the seller's answers and the sweep, however they interleave, make exactly one outcome.
 */

/** Where the seller answers: the trade's page in the dashboard. */
const tradePath = (tradeId: string) => `/dashboard/transaction-history/trades/${tradeId}`;

/**
 * Parks a trade in counter_offered, in the caller's transaction (the approval's, or the
 * four-eyes confirmation's): the value, the note, the deadline, a timeline event, the audit
 * entry and the seller's notice. `reviewedByUserId` is who decided the value.
 */
export async function makeCounterOffer(
  ctx: AppContext,
  tx: Executor,
  options: {
    trade: trades.TradeRow;
    actor: Actor;
    offerKobo: bigint;
    note: string | null;
    reviewedByUserId: string;
    now: Date;
  },
) {
  const { trade, actor, offerKobo, note, now } = options;
  const expiresAt = addSeconds(now, COUNTER_OFFER_HOURS * 3600);
  const offered = await trades.updateTrade(tx, trade.id, {
    ...endedClaim,
    status: 'counter_offered',
    offerKobo,
    offerExpiresAt: expiresAt,
    reviewNote: note,
    reviewedByUserId: options.reviewedByUserId,
  });
  await insertTradeEvent(tx, {
    tradeId: trade.id,
    kind: 'counter_offered',
    actorUserId: actor.userId,
    message: note,
    amountKobo: offerKobo,
    createdAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: 'trade.counter_offer',
    targetType: 'trade',
    targetId: trade.id,
    before: { status: trade.status },
    after: {
      status: offered.status,
      offer_kobo: String(offerKobo),
      expected_kobo: String(trade.expectedKobo),
      note,
      expires_at: expiresAt.toISOString(),
      if_no_answer: trade.ifNoAnswer,
    },
  });
  const offer = formatKoboForPeople(offerKobo);
  await recordNotice(tx, {
    userId: trade.userId,
    kind: 'counter_offer',
    title: `We can offer ${offer} for trade ${trade.reference}`,
    body: `You were shown ${formatKoboForPeople(trade.expectedKobo)}. Accept or decline by ${formatLagosDateTime(expiresAt.toISOString())}; with no answer, the offer is ${trade.ifNoAnswer === 'accept' ? 'accepted' : 'declined'} as you chose.`,
    link: tradePath(trade.id),
    at: now,
  });
  const [seller] = await trades.findSellers(tx, [trade.userId]);
  return { offered, seller };
}

export type CounterOfferMade = Awaited<ReturnType<typeof makeCounterOffer>>;

/** After the commit: the seller hears of the offer and how to answer it. */
export async function mailOfferMade(ctx: AppContext, made: CounterOfferMade, cardName: string) {
  if (made.seller) await mailCounterOffer(ctx, { to: made.seller, trade: made.offered, cardName });
}

/** What one answer did: credited (with what the mails need), or declined. */
type Settled =
  | { kind: 'accepted'; outcome: CreditOutcome }
  | {
      kind: 'declined';
      trade: trades.TradeRow;
      seller: Awaited<ReturnType<typeof trades.findSellers>>[number] | undefined;
    };

/**
 * Ends an offer the caller holds locked: accepted through the one credit path (the referral
 * reward included), or declined with nothing moved. `how` is the timeline's word for it.
 */
async function settleOffer(
  ctx: AppContext,
  tx: Executor,
  options: {
    trade: trades.TradeRow;
    isAccepted: boolean;
    how: 'offer_accepted' | 'offer_declined' | 'offer_expired';
    actor: Actor;
    now: Date;
  },
): Promise<Settled> {
  const { trade, isAccepted, actor, now } = options;
  const offerKobo = trade.offerKobo;
  if (offerKobo === null) throw new Error(`trade ${trade.id} is counter_offered with no offer`);
  await insertTradeEvent(tx, {
    tradeId: trade.id,
    kind: options.how,
    // The seller answered, or their standing choice did.
    actorUserId: trade.userId,
    message: options.how === 'offer_expired' ? (isAccepted ? 'accept' : 'decline') : null,
    createdAt: now,
  });
  const audit: { action: AuditEntry['action']; details: Record<string, unknown> } = {
    action: isAccepted ? 'trade.accept_offer' : 'trade.decline_offer',
    details: { by: options.how === 'offer_expired' ? 'no_answer' : 'seller' },
  };
  if (isAccepted) {
    // An offer one operator made alone becomes money today: it counts on this day too.
    await markOfferCredited(tx, trade.id, getLagosDate(now));
    const outcome = await creditApprovedTrade(ctx, tx, {
      trade,
      actor,
      finalKobo: offerKobo,
      note: trade.reviewNote,
      reviewedByUserId: trade.reviewedByUserId ?? trade.userId,
      now,
      audit,
    });
    return { kind: 'accepted', outcome };
  }
  await voidOffer(tx, trade.id, now);
  const declined = await trades.updateTrade(tx, trade.id, {
    ...endedClaim,
    status: 'declined',
    reviewedAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: audit.action,
    targetType: 'trade',
    targetId: trade.id,
    before: { status: trade.status },
    after: { status: declined.status, offer_kobo: String(offerKobo), ...audit.details },
  });
  const [seller] = await trades.findSellers(tx, [trade.userId]);
  return { kind: 'declined', trade: declined, seller };
}

async function mailSettled(ctx: AppContext, settled: Settled, hasExpired: boolean) {
  const [record] = await trades.loadTradeRecords(ctx.db, [
    settled.kind === 'accepted' ? settled.outcome.approved.id : settled.trade.id,
  ]);
  const cardName = record?.card.name ?? 'gift card';
  if (settled.kind === 'accepted') {
    await mailCreditOutcome(ctx, settled.outcome, cardName);
  } else if (settled.seller) {
    await mailOfferDeclined(ctx, {
      to: settled.seller,
      trade: settled.trade,
      cardName,
      hasExpired,
      hasCardCode: findCardCodes(settled.trade.comment).length > 0,
    });
  }
}

const notFound = () => new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'trade_id' });

/**
 * The seller's answer. Allowed while the trade is counter_offered, also in the short time
 * between the deadline and the sweep: the seller's own word beats the default. Whoever locks
 * the row first decides; a second answer (or the sweep) finds the trade settled and gets 409.
 */
export async function answerCounterOffer(
  ctx: AppContext,
  options: { userId: string; ip: string; input: AnswerOfferInput },
) {
  const tradeId = options.input.trade_id;
  if (!isUuid(tradeId)) throw notFound();
  const now = ctx.clock.now();
  const settled = await ctx.db.transaction(async (tx) => {
    const trade = await trades.lockTrade(tx, tradeId, options.userId);
    if (!trade) throw notFound();
    if (trade.status !== 'counter_offered') {
      throw trade.offerKobo === null
        ? new AppError('CONFLICT', TRADE_STEP_MESSAGES.NO_OFFER, {
            domainCode: 'WRONG_STATUS',
            field: 'trade_id',
          })
        : wrongStatus(trade.status, 'trade_id');
    }
    return settleOffer(ctx, tx, {
      trade,
      isAccepted: options.input.accept,
      how: options.input.accept ? 'offer_accepted' : 'offer_declined',
      actor: { userId: options.userId, ip: options.ip },
      now,
    });
  });
  await mailSettled(ctx, settled, false);
  return getUserTrade(ctx, { userId: options.userId, tradeId });
}

/** Offers settled per sweep; the rest wait for the next one (a minute later). */
const SWEEP_BATCH = 100;

/**
 * Answers every offer past its deadline with the seller's if_no_answer choice, one trade per
 * transaction. Each trade is re-read under its row lock (a seller answering right now holds it
 * until they commit), so whoever comes first decides and the other does nothing.
 * Returns how many offers it settled.
 */
export async function expireCounterOffers(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: tradesTable.id })
    .from(tradesTable)
    .where(and(eq(tradesTable.status, 'counter_offered'), lte(tradesTable.offerExpiresAt, now)))
    .orderBy(asc(tradesTable.offerExpiresAt))
    .limit(SWEEP_BATCH);
  let settledCount = 0;
  for (const { id } of due) {
    const settled = await ctx.db.transaction(async (tx) => {
      const trade = await trades.lockTrade(tx, id);
      if (trade?.status !== 'counter_offered' || !trade.offerExpiresAt) return null;
      if (trade.offerExpiresAt > now) return null;
      return settleOffer(ctx, tx, {
        trade,
        isAccepted: trade.ifNoAnswer === 'accept',
        how: 'offer_expired',
        // Nobody acted: the audit trail names the seller, whose choice this was.
        actor: { userId: trade.userId, ip: 'system' },
        now,
      });
    });
    if (!settled) continue;
    settledCount += 1;
    await mailSettled(ctx, settled, true);
  }
  return settledCount;
}
