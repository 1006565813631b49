import { sql } from 'drizzle-orm';
import { check, index, numeric, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, kobo, reference, timestamptz, uuidKey } from '../columns';
import {
  DEVICES,
  IF_NO_ANSWER_CHOICES,
  TRADE_REJECTION_REASON_CODES,
  TRADE_STATUSES,
  TRADE_UNDECIDED_STATUSES,
} from '@karta/shared/constants';
import { giftCards, giftCardSubcategories } from './catalog';
import { users } from './users';

export const tradeStatus = pgEnum('trade_status', TRADE_STATUSES);
export const tradeRejectionReason = pgEnum('trade_rejection_reason', TRADE_REJECTION_REASON_CODES);
export const deviceKind = pgEnum('device_kind', DEVICES);
export const ifNoAnswer = pgEnum('trade_if_no_answer', IF_NO_ANSWER_CHOICES);

/** `'pending', …` written out: an index predicate cannot take parameters. */
const UNDECIDED_LIST = sql.raw(TRADE_UNDECIDED_STATUSES.map((each) => `'${each}'`).join(', '));

/**
 * A card a user sells. The rate and the expected value are copied at submission, so a later
 * rate change never alters what the user was promised.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuidKey(),
    /** Short and readable ("KT-7K3M9QX2"), for support calls and statements. */
    reference: text('reference').notNull(),
    userId: reference('user_id', () => users.id).notNull(),
    giftCardId: reference('gift_card_id', () => giftCards.id).notNull(),
    subcategoryId: reference('subcategory_id', () => giftCardSubcategories.id).notNull(),
    /**
     * Face value in `currency`, with at most two decimals (cards carry cents: $50.50). Exact
     * decimal in the database; a JSON number with at most 2 decimals in the app (decision 043).
     */
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    rateKobo: kobo('rate_kobo').notNull(),
    expectedKobo: kobo('expected_kobo').notNull(),
    finalKobo: kobo('final_kobo'),
    status: tradeStatus('status').notNull().default('pending'),
    comment: text('comment'),
    device: deviceKind('device').notNull(),
    rejectionReason: tradeRejectionReason('rejection_reason'),
    reviewNote: text('review_note'),
    reviewedByUserId: reference('reviewed_by_user_id', () => users.id),
    /**
     * The operator reviewing the trade, until `claimExpiresAt` (a claim, not a status): while it
     * lasts, nobody else may decide the trade. Expired claims stay until overwritten.
     */
    claimedByUserId: reference('claimed_by_user_id', () => users.id),
    claimExpiresAt: timestamptz('claim_expires_at'),
    /**
     * The holder's last sign of life: the claim, or the review page's heartbeat (decision 072).
     * Silent for CLAIM_TAKEOVER_SILENCE_SECONDS, the claim may be taken over by another operator.
     */
    claimSeenAt: timestamptz('claim_seen_at'),
    /**
     * SHA-256 of the claim's release token: the holder's page sends the token in a beacon when
     * it closes (a beacon carries no Authorization header). Cleared when the claim ends.
     */
    claimReleaseTokenHash: text('claim_release_token_hash'),
    createdAt: createdAt(),
    reviewedAt: timestamptz('reviewed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    /**
     * A counter-offer (an approval below the expected value, decision 037): the naira offered,
     * and until when the seller may answer. Kept after the answer, for the record.
     */
    offerKobo: kobo('offer_kobo'),
    offerExpiresAt: timestamptz('offer_expires_at'),
    /** What an unanswered counter-offer becomes: the seller's choice when submitting. */
    ifNoAnswer: ifNoAnswer('if_no_answer').notNull().default('decline'),
  },
  (t) => [
    uniqueIndex('trades_reference_key').on(t.reference),
    // A user's history, newest first, with or without a status filter: read in index order,
    // and page N found by walking the index alone (the id is in it). NULLS FIRST is what SQL's
    // `order by … desc` means; drizzle's desc() alone makes the index NULLS LAST, which the
    // planner cannot use for that order (NOT NULL or not): it read all of a user's trades
    // and sorted them, 5,000 for every page of a busy seller.
    index('trades_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('trades_user_status_created_idx').on(
      t.userId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The operators' queues, oldest first.
    index('trades_status_created_idx').on(t.status, t.createdAt, t.id),
    // What deactivating a card or a subcategory leaves undecided (the catalog desk's warning):
    // partial, so they hold only the few undecided trades, never the approved millions.
    index('trades_undecided_card_idx')
      .on(t.giftCardId)
      .where(sql`${t.status} in (${UNDECIDED_LIST})`),
    index('trades_undecided_subcategory_idx')
      .on(t.subcategoryId)
      .where(sql`${t.status} in (${UNDECIDED_LIST})`),
    check('trades_amount_positive', sql`${t.amount} > 0`),
    // As text: the enum value is new in the same migration, which PostgreSQL cannot use yet.
    check(
      'trades_offer_when_counter_offered',
      sql`${t.status}::text <> 'counter_offered' or (${t.offerKobo} is not null and ${t.offerExpiresAt} is not null)`,
    ),
    check('trades_offer_positive', sql`${t.offerKobo} is null or ${t.offerKobo} > 0`),
    // The sweep that answers for the seller, by deadline: only trades that were ever offered
    // (a predicate on the status would need the enum's text, which is not immutable).
    index('trades_offer_due_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.offerExpiresAt} is not null`),
    check(
      'trades_final_when_approved',
      sql`(${t.status} = 'approved') = (${t.finalKobo} is not null)`,
    ),
    check(
      'trades_reason_when_rejected',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
  ],
);
