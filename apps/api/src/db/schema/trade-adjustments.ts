import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { FOUR_EYES_REASONS } from '@karta/shared/constants';
import { createdAt, kobo, reference, timestamptz, uuidKey } from '../columns';
import { trades } from './trades';
import { users } from './users';

export const TRADE_ADJUSTMENT_STATUSES = [
  'credited',
  'awaiting_second_approval',
  'returned',
] as const;
export type TradeAdjustmentStatus = (typeof TRADE_ADJUSTMENT_STATUSES)[number];

/**
 * Naira an admin added to an approved trade's credit, with the reason. A credited row is one
 * more credit in the ledger (`trade:<trade id>:adjustment:<id>`); the approval's own credit is
 * never changed. One that reaches the four-eyes sum (decision 049) waits, crediting nothing,
 * until a second admin confirms it (credited) or sends it back (returned). Otherwise
 * append-only: a trigger in the migration refuses DELETE, TRUNCATE and any UPDATE but that one
 * decision of a waiting row.
 */
export const tradeAdjustments = pgTable(
  'trade_adjustments',
  {
    id: uuidKey(),
    tradeId: reference('trade_id', () => trades.id).notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    reason: text('reason').notNull(),
    adjustedByUserId: reference('adjusted_by_user_id', () => users.id).notNull(),
    /** The client's Idempotency-Key and a hash of the request it came with. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
    status: text('status', { enum: TRADE_ADJUSTMENT_STATUSES }).notNull().default('credited'),
    /** Why it waited for a second admin; null when it did not. */
    fourEyesReason: text('four_eyes_reason', { enum: FOUR_EYES_REASONS }),
    /**
     * Who confirmed a waiting adjustment (never its author) or sent it back (its author may
     * withdraw it), when, and why it went back.
     */
    decidedByUserId: reference('decided_by_user_id', () => users.id),
    decidedAt: timestamptz('decided_at'),
    returnReason: text('return_reason'),
  },
  (t) => [
    // Also the index that lists a trade's adjustments.
    uniqueIndex('trade_adjustments_trade_idempotency_key').on(t.tradeId, t.idempotencyKey),
    index('trade_adjustments_waiting_idx')
      .on(t.tradeId)
      .where(sql`${t.status} = 'awaiting_second_approval'`),
    check('trade_adjustments_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'trade_adjustments_status',
      sql`${t.status} in ('credited', 'awaiting_second_approval', 'returned')`,
    ),
    check(
      'trade_adjustments_waits_with_reason',
      sql`${t.status} = 'credited' or ${t.fourEyesReason} is not null`,
    ),
    check(
      'trade_adjustments_second_admin',
      sql`${t.decidedByUserId} is null or ${t.decidedByUserId} <> ${t.adjustedByUserId} or ${t.status} = 'returned'`,
    ),
  ],
);
