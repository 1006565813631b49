import { TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import { addSeconds } from '../../lib/clock';
import type { AdminTrade, Trade } from '@karta/shared/schemas/trades';
import { koboToNaira } from '@karta/shared/money';
import { toCardView } from '../catalog/catalog.service';
import type { TradeAdjustmentRow } from './trade-adjustments.repository';
import type { ImageUrlSigner } from './trade-image-urls';
import type { TradeRecord } from './trades.repository';

type Timeline = Trade['timeline'];

/** The states the trade has been through, oldest first. */
function timelineOf({ trade }: TradeRecord): Timeline {
  const timeline: Timeline = [{ status: 'submitted', at: trade.createdAt.toISOString() }];
  if (trade.cancelledAt)
    timeline.push({ status: 'cancelled', at: trade.cancelledAt.toISOString() });
  if (trade.reviewedAt && (trade.status === 'approved' || trade.status === 'rejected')) {
    timeline.push({ status: trade.status, at: trade.reviewedAt.toISOString() });
  }
  return timeline;
}

/** A trade as its owner sees it; the photo links are signed for a short while. */
export function toTradeView(record: TradeRecord, signer: ImageUrlSigner, now: Date): Trade {
  const { trade, card } = record;
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
    images: record.images.map((image) => ({
      id: image.id,
      url: signer.urlFor(image.id, now),
      width: image.width,
      height: image.height,
    })),
    rejection_reason: trade.rejectionReason ? TRADE_REJECTION_REASONS[trade.rejectionReason] : null,
    rejection_code: trade.rejectionReason,
    review_note: trade.reviewNote,
    device: trade.device,
    created_at: trade.createdAt.toISOString(),
    reviewed_at: trade.reviewedAt?.toISOString() ?? null,
    timeline: timelineOf(record),
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

/** What the trade desk adds: who holds the trade's claim (when live) and the review target. */
export interface DeskState {
  claimHolder: PersonName | undefined;
  targetMinutes: number;
}

/** A claim counts while it lasts, and only on a trade still waiting for a decision. */
export const hasLiveClaim = (trade: TradeRecord['trade'], now: Date) =>
  trade.status === 'pending' &&
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
          }
        : null,
    review_due_at: dueAt?.toISOString() ?? null,
    is_late: dueAt !== null && now > dueAt,
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
  const adjustedKobo = adjustments.reduce((sum, adjustment) => sum + adjustment.amountKobo, 0n);
  return {
    ...toTradeView(record, signer, now),
    user: {
      id: seller.id,
      first_name: seller.firstName,
      last_name: seller.lastName,
      email: seller.email,
    },
    reviewed_by: record.trade.reviewedByUserId,
    adjustments: adjustments.map((adjustment) => ({
      id: adjustment.id,
      amount: koboToNaira(adjustment.amountKobo),
      reason: adjustment.reason,
      adjusted_by: adjustment.adjustedByUserId,
      created_at: adjustment.createdAt.toISOString(),
    })),
    total_credited: finalKobo === null ? null : koboToNaira(finalKobo + adjustedKobo),
    ...deskOf(record, desk, now),
  };
}
