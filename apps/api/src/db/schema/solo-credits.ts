import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, kobo, reference, timestamptz, uuidKey } from '../columns';
import { tradeAdjustments } from './trade-adjustments';
import { trades } from './trades';
import { users } from './users';

/**
 * Money one staff member put, or offered to put, into one seller's wallet on their word alone
 * (decision 049): an approval credited at once, a counter-offer, an admin's adjustment. Written
 * in the transaction of the decision, read under the seller's row lock, so the four-eyes rule
 * can add up one person's credits to one seller over a Lagos day and over one trade. A credit
 * two people agreed on is not here. An offer counts from the day it is made and on the day the
 * seller accepts it (`credited_on`); a declined one is void.
 */
export const SOLO_CREDIT_KINDS = ['approval', 'offer', 'adjustment'] as const;

export const soloCredits = pgTable(
  'solo_credits',
  {
    id: uuidKey(),
    staffUserId: reference('staff_user_id', () => users.id).notNull(),
    sellerUserId: reference('seller_user_id', () => users.id).notNull(),
    tradeId: reference('trade_id', () => trades.id).notNull(),
    adjustmentId: reference('adjustment_id', () => tradeAdjustments.id),
    kind: text('kind', { enum: SOLO_CREDIT_KINDS }).notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    /** The Lagos day of the decision. */
    decidedOn: date('decided_on', { mode: 'string' }).notNull(),
    /** The Lagos day the money reached the wallet; null while an offer waits for the seller. */
    creditedOn: date('credited_on', { mode: 'string' }),
    /** An offer the seller declined (or let lapse into a decline): it credited nothing. */
    voidedAt: timestamptz('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('solo_credits_staff_seller_idx').on(t.staffUserId, t.sellerUserId, t.decidedOn),
    index('solo_credits_trade_idx').on(t.tradeId),
    check('solo_credits_kind', sql`${t.kind} in ('approval', 'offer', 'adjustment')`),
    check('solo_credits_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'solo_credits_adjustment_link',
      sql`(${t.kind} = 'adjustment') = (${t.adjustmentId} is not null)`,
    ),
  ],
);
