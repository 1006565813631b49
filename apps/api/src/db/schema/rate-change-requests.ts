import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, kobo, reference, timestamptz, uuidKey } from '../columns';
import { giftCardSubcategories } from './catalog';
import { users } from './users';

/**
 * A rate more than RATE_FOUR_EYES_PERCENT away from the rate in force (decision 049): a typo
 * there is locked into every trade submitted after it, so it waits here until a second staff
 * member confirms it (then it is published as any rate is) or sends it back with a reason. One
 * waiting request per subcategory: a newer one replaces the older (`superseded`).
 */
export const RATE_CHANGE_REQUEST_STATUSES = [
  'waiting',
  'confirmed',
  'returned',
  'superseded',
] as const;

export const rateChangeRequests = pgTable(
  'rate_change_requests',
  {
    id: uuidKey(),
    subcategoryId: reference('subcategory_id', () => giftCardSubcategories.id).notNull(),
    /** The rate in force when it was asked for; confirming refuses if it has moved since. */
    fromKobo: kobo('from_kobo').notNull(),
    toKobo: kobo('to_kobo').notNull(),
    requestedByUserId: reference('requested_by_user_id', () => users.id).notNull(),
    createdAt: createdAt(),
    status: text('status', { enum: RATE_CHANGE_REQUEST_STATUSES }).notNull().default('waiting'),
    decidedByUserId: reference('decided_by_user_id', () => users.id),
    decidedAt: timestamptz('decided_at'),
    returnReason: text('return_reason'),
  },
  (t) => [
    uniqueIndex('rate_change_requests_one_waiting')
      .on(t.subcategoryId)
      .where(sql`${t.status} = 'waiting'`),
    index('rate_change_requests_status_idx').on(t.status, t.createdAt),
    check(
      'rate_change_requests_status',
      sql`${t.status} in ('waiting', 'confirmed', 'returned', 'superseded')`,
    ),
    check('rate_change_requests_rate_positive', sql`${t.toKobo} > 0`),
    check(
      'rate_change_requests_decided',
      sql`(${t.status} = 'waiting') = (${t.decidedAt} is null)`,
    ),
  ],
);
