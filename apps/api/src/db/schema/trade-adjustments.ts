import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { trades } from './trades';
import { users } from './users';

/**
 * Naira an admin added to an approved trade's credit, with the reason. Each row is one more
 * credit in the ledger (`trade:<trade id>:adjustment:<id>`); the approval's own credit is never
 * changed. Append-only: a trigger in the migration refuses UPDATE, DELETE and TRUNCATE.
 */
export const tradeAdjustments = pgTable(
  'trade_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    adjustedByUserId: uuid('adjusted_by_user_id')
      .notNull()
      .references(() => users.id),
    /** The client's Idempotency-Key and a hash of the request it came with. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the index that lists a trade's adjustments.
    uniqueIndex('trade_adjustments_trade_idempotency_key').on(t.tradeId, t.idempotencyKey),
    check('trade_adjustments_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
