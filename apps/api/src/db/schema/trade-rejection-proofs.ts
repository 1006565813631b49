import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, reference, timestamptz, uuidKey } from '../columns';
import { trades } from './trades';
import { users } from './users';

/**
 * An image an operator gives as proof for rejecting a trade (a screenshot of the balance
 * check), re-encoded like card photos. Uploaded first, then named by the rejection, which sets
 * `attached_at`; the seller sees the attached one on their trade page. A trade has at most one.
 */
export const tradeRejectionProofs = pgTable(
  'trade_rejection_proofs',
  {
    id: uuidKey(),
    tradeId: reference('trade_id', () => trades.id).notNull(),
    uploadedByUserId: reference('uploaded_by_user_id', () => users.id).notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
    attachedAt: timestamptz('attached_at'),
  },
  (t) => [
    uniqueIndex('trade_rejection_proofs_attached_key')
      .on(t.tradeId)
      .where(sql`${t.attachedAt} is not null`),
  ],
);
