import { TRADE_REJECTION_REASONS, TRADE_REVIEW_STATUSES } from '@karta/shared/constants';
import { addSeconds } from '../../lib/clock';
import type { AdminTrade, Trade } from '@karta/shared/schemas/trades';
import { findCardCodes } from './card-codes';
import type { TradeDuplicate } from '@karta/shared/schemas/trade-duplicates';
import { fourEyesReasonText } from '@karta/shared/four-eyes';
import { formatKoboForPeople, koboToNaira } from '@karta/shared/money';
import { toCardView } from '../catalog/catalog.service';
import type { TradeAdjustmentRow } from './trade-adjustments.repository';
import type { ImageUrlSigner } from './trade-image-urls';

/** What a view needs of the signer: a link for a photo and for a rejection proof. */
export type PhotoLinks = Pick<ImageUrlSigner, 'urlFor' | 'proofUrlFor'>;
import type { TradeRecord } from './trades.repository';

type Timeline = Trade['timeline'];

/** Whose eyes a view is for: the seller never sees operators' names nor the four-eyes steps. */
type Audience = 'seller' | 'operator';

const SELLER_EVENTS = new Set([
  'info_requested',
  'info_provided',
  'counter_offered',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
]);

const photoView = (signer: PhotoLinks, now: Date) => (image: TradeRecord['images'][number]) => ({
  id: image.id,
  url: signer.urlFor(image.id, now),
  width: image.width,
  height: image.height,
});

/** The questions, answers and four-eyes steps, in words and photos for the audience. */
function eventSteps(record: TradeRecord, audience: Audience, photo: ReturnType<typeof photoView>) {
  return record.events
    .filter((event) => audience === 'operator' || SELLER_EVENTS.has(event.kind))
    .map((event) => ({
      status: event.kind,
      at: new Date(event.createdAt).toISOString(),
      message: event.message,
      images: record.images.filter((image) => image.eventId === event.id).map(photo),
      ...(audience === 'operator' && {
        by: `${event.actorFirstName} ${event.actorLastName}`,
        amount: event.amountKobo === null ? null : koboToNaira(BigInt(event.amountKobo)),
      }),
    }));
}

/** The states and steps the trade has been through, oldest first. */
function timelineOf(
  record: TradeRecord,
  audience: Audience,
  photo: ReturnType<typeof photoView>,
): Timeline {
  const { trade } = record;
  const timeline: Timeline = [
    { status: 'submitted', at: trade.createdAt.toISOString() },
    ...eventSteps(record, audience, photo),
  ];
  if (trade.cancelledAt)
    timeline.push({ status: 'cancelled', at: trade.cancelledAt.toISOString() });
  if (
    trade.reviewedAt &&
    (trade.status === 'approved' || trade.status === 'rejected' || trade.status === 'declined')
  ) {
    timeline.push({ status: trade.status, at: trade.reviewedAt.toISOString() });
  }
  // Stable: steps of one moment keep the order they were written in.
  return timeline.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** A trade as its owner sees it; the photo links are signed for a short while. */
export function toTradeView(
  record: TradeRecord,
  signer: PhotoLinks,
  now: Date,
  audience: Audience = 'seller',
): Trade {
  const { trade, card } = record;
  const photo = photoView(signer, now);
  return {
    id: trade.id,
    reference: trade.reference,
    gift_card: toCardView(card),
    subcategory: {
      id: trade.subcategoryId,
      name: record.subcategoryName,
      currency: trade.currency,
    },
    amount: trade.amount,
    rate: koboToNaira(trade.rateKobo),
    expected_value: koboToNaira(trade.expectedKobo),
    final_value: trade.finalKobo === null ? null : koboToNaira(trade.finalKobo),
    status: trade.status,
    comment: trade.comment,
    // The card's own photos; those sent with an answer sit with the answer in the timeline.
    images: record.images.filter((image) => !image.eventId).map(photo),
    rejection_reason: trade.rejectionReason ? TRADE_REJECTION_REASONS[trade.rejectionReason] : null,
    rejection_code: trade.rejectionReason,
    review_note: trade.reviewNote,
    rejection_proof: record.rejectionProof && {
      ...record.rejectionProof,
      url: signer.proofUrlFor(record.rejectionProof.id, now),
    },
    device: trade.device,
    created_at: trade.createdAt.toISOString(),
    reviewed_at: trade.reviewedAt?.toISOString() ?? null,
    timeline: timelineOf(record, audience, photo),
    if_no_answer: trade.ifNoAnswer,
    counter_offer: counterOfferOf(record),
    has_card_code: findCardCodes(trade.comment).length > 0,
    is_waiting_second_approval:
      trade.status === 'awaiting_second_approval' || record.hasWaitingAdjustment,
  };
}

/** How the offer ended, from the event that ended it; null while it waits. */
const OFFER_ANSWERS = {
  offer_accepted: 'accepted',
  offer_declined: 'declined',
  offer_expired: 'expired',
} as const;

/** The counter-offer made on the trade (decision 037), if any, and what became of it. */
function counterOfferOf({ trade, events }: TradeRecord): Trade['counter_offer'] {
  if (trade.offerKobo === null || !trade.offerExpiresAt) return null;
  const end = events.findLast((event) => event.kind in OFFER_ANSWERS);
  return {
    value: koboToNaira(trade.offerKobo),
    note: trade.reviewNote,
    expires_at: trade.offerExpiresAt.toISOString(),
    if_no_answer: trade.ifNoAnswer,
    answer: end ? OFFER_ANSWERS[end.kind as keyof typeof OFFER_ANSWERS] : null,
  };
}

export interface Seller {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

interface PersonName {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * What the trade desk adds: who holds the trade's claim (when live), the review target, and
 * the other trades it looks like (trade-duplicates.ts).
 */
export interface DeskState {
  claimHolder: PersonName | undefined;
  targetMinutes: number;
  duplicates: TradeDuplicate[];
  /** FOUR_EYES_KOBO, for the words of why a credit waits. */
  fourEyesKobo: bigint;
}

/** A claim counts while it lasts, and only on a trade still waiting for a decision. */
export const hasLiveClaim = (trade: TradeRecord['trade'], now: Date) =>
  (TRADE_REVIEW_STATUSES as readonly string[]).includes(trade.status) &&
  trade.claimedByUserId !== null &&
  trade.claimExpiresAt !== null &&
  trade.claimExpiresAt > now;

function deskOf({ trade }: TradeRecord, desk: DeskState, now: Date) {
  const dueAt =
    trade.status === 'pending' ? addSeconds(trade.createdAt, desk.targetMinutes * 60) : null;
  const holder = desk.claimHolder;
  return {
    claim:
      holder && trade.claimExpiresAt && hasLiveClaim(trade, now)
        ? {
            holder: { id: holder.id, first_name: holder.firstName, last_name: holder.lastName },
            until: trade.claimExpiresAt.toISOString(),
            seen_at: trade.claimSeenAt?.toISOString() ?? null,
          }
        : null,
    review_due_at: dueAt?.toISOString() ?? null,
    is_late: dueAt !== null && now > dueAt,
    duplicates: desk.duplicates,
  };
}

/**
 * An operator's view: the trade plus who sold the card, who decided, and what it credited in
 * all (the final value and every adjustment after it).
 */
export function toAdminTradeView(
  record: TradeRecord,
  seller: Seller,
  adjustments: TradeAdjustmentRow[],
  signer: ImageUrlSigner,
  now: Date,
  desk: DeskState,
): AdminTrade {
  const { finalKobo } = record.trade;
  const adjustedKobo = adjustments
    .filter((adjustment) => adjustment.status === 'credited')
    .reduce((sum, adjustment) => sum + adjustment.amountKobo, 0n);
  const threshold = formatKoboForPeople(desk.fourEyesKobo);
  return {
    ...toTradeView(record, signer, now, 'operator'),
    user: {
      id: seller.id,
      first_name: seller.firstName,
      last_name: seller.lastName,
      email: seller.email,
    },
    reviewed_by: record.trade.reviewedByUserId,
    adjustments: adjustments.map((adjustment) => toAdjustmentView(adjustment, threshold)),
    total_credited: finalKobo === null ? null : koboToNaira(finalKobo + adjustedKobo),
    ...deskOf(record, desk, now),
    second_approval: secondApprovalOf(record, threshold),
  };
}

/** An adjustment as the console shows it; `threshold` is FOUR_EYES_KOBO for people. */
function toAdjustmentView(
  adjustment: TradeAdjustmentRow,
  threshold: string,
): AdminTrade['adjustments'][number] {
  return {
    id: adjustment.id,
    amount: koboToNaira(adjustment.amountKobo),
    reason: adjustment.reason,
    adjusted_by: adjustment.adjustedByUserId,
    adjusted_by_name: adjustment.adjustedByName,
    created_at: adjustment.createdAt.toISOString(),
    status: adjustment.status,
    four_eyes_reason: adjustment.fourEyesReason
      ? fourEyesReasonText(adjustment.fourEyesReason, threshold)
      : null,
    decided_by_name: adjustment.decidedByName,
    decided_at: adjustment.decidedAt?.toISOString() ?? null,
    return_reason: adjustment.returnReason,
  };
}

/** The first approval a trade awaiting_second_approval waits on; null in any other status. */
function secondApprovalOf(record: TradeRecord, threshold: string): AdminTrade['second_approval'] {
  if (record.trade.status !== 'awaiting_second_approval') return null;
  const first = record.events.findLast((event) => event.kind === 'first_approval');
  if (!first?.amountKobo) return null;
  return {
    approved_by: {
      id: first.actorUserId,
      first_name: first.actorFirstName,
      last_name: first.actorLastName,
    },
    final_value: koboToNaira(BigInt(first.amountKobo)),
    note: first.message,
    at: new Date(first.createdAt).toISOString(),
    // Approvals held before decision 049 waited for their size alone.
    reason: fourEyesReasonText(first.fourEyesReason ?? 'large_credit', threshold),
  };
}
