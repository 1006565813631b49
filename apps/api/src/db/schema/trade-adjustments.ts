import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, kobo, reference, uuidKey } from '../columns';
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
    id: uuidKey(),
    tradeId: reference('trade_id', () => trades.id).notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    reason: text('reason').notNull(),
    adjustedByUserId: reference('adjusted_by_user_id', () => users.id).notNull(),
    /** The client's Idempotency-Key and a hash of the request it came with. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Also the index that lists a trade's adjustments.
    uniqueIndex('trade_adjustments_trade_idempotency_key').on(t.tradeId, t.idempotencyKey),
    check('trade_adjustments_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
