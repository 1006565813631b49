import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEVICES, TRADE_REJECTION_REASON_CODES, TRADE_STATUSES } from '@karta/shared/constants';
import { giftCards, giftCardSubcategories } from './catalog';
import { users } from './users';

export const tradeStatus = pgEnum('trade_status', TRADE_STATUSES);
export const tradeRejectionReason = pgEnum('trade_rejection_reason', TRADE_REJECTION_REASON_CODES);
export const deviceKind = pgEnum('device_kind', DEVICES);

/**
 * A card a user sells. The rate and the expected value are copied at submission, so a later
 * rate change never alters what the user was promised.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short and readable ("KT-7K3M9QX2"), for support calls and statements. */
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    subcategoryId: uuid('subcategory_id')
      .notNull()
      .references(() => giftCardSubcategories.id),
    /** Face value in whole units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    rateKobo: bigint('rate_kobo', { mode: 'bigint' }).notNull(),
    expectedKobo: bigint('expected_kobo', { mode: 'bigint' }).notNull(),
    finalKobo: bigint('final_kobo', { mode: 'bigint' }),
    status: tradeStatus('status').notNull().default('pending'),
    comment: text('comment'),
    device: deviceKind('device').notNull(),
    rejectionReason: tradeRejectionReason('rejection_reason'),
    reviewNote: text('review_note'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
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
    check('trades_amount_positive', sql`${t.amount} > 0`),
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

/** A photo of a trade's card, re-encoded; the key is made by the server. */
export const tradeImages = pgTable(
  'trade_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [uniqueIndex('trade_images_trade_position_key').on(t.tradeId, t.position)],
);

/**
 * How many trades each user has in each status, kept by a trigger on `trades`: the history's
 * `meta.total` reads one or four rows here instead of counting thousands of trades.
 */
export const tradeCounts = pgTable(
  'trade_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: tradeStatus('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.status] }),
    check('trade_counts_not_negative', sql`${t.n} >= 0`),
  ],
);
