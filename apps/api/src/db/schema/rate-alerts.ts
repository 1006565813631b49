import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, kobo, reference, timestamptz, updatedAt, uuidKey } from '../columns';
import { giftCardSubcategories } from './catalog';
import { users } from './users';

/**
 * A seller's wish to be told when a subcategory's rate goes up to a target (decision 039): one per
 * seller and subcategory, a bounded number per seller. When a published rate crosses the target
 * the alert fires (a notice in the change's transaction, a mail after it) at most once per Lagos
 * day, and remembers when and at what rate (docs/decisions/039-rate-alerts.md).
 */
export const rateAlerts = pgTable(
  'rate_alerts',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    subcategoryId: reference('subcategory_id', () => giftCardSubcategories.id).notNull(),
    /** Naira kobo per unit of the subcategory's currency that the seller waits for. */
    targetKobo: kobo('target_kobo').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The last time the alert fired; null until it has (and again after the target changes). */
    lastFiredAt: timestamptz('last_fired_at'),
    /** The published rate that fired it then. */
    lastFiredRateKobo: kobo('last_fired_rate_kobo'),
  },
  (t) => [
    // One alert per seller and subcategory: a second POST changes the target (upsert on this).
    // It also serves the seller's own list and the count behind the limit.
    uniqueIndex('rate_alerts_user_subcategory_key').on(t.userId, t.subcategoryId),
    // A publish asks, per changed subcategory, for the targets between the old rate and the new
    // one: a range on this index, whatever the number of alerts elsewhere.
    index('rate_alerts_subcategory_target_idx').on(t.subcategoryId, t.targetKobo),
    check('rate_alerts_target_positive', sql`${t.targetKobo} > 0`),
  ],
);
