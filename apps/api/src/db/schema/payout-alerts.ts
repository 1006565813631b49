import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, reference, timestamptz, uuidKey } from '../columns';
import { withdrawals } from './withdrawals';

/**
 * Payouts that need a person: the provider reported a success for a withdrawal we had already
 * failed and refunded, so the money left twice. Raised once per withdrawal and kind, kept until
 * someone resolves it; the overview counts the open ones off the partial index.
 */
export const payoutAlerts = pgTable(
  'payout_alerts',
  {
    id: uuidKey(),
    withdrawalId: reference('withdrawal_id', () => withdrawals.id).notNull(),
    /** `paid_after_refund`. */
    kind: text('kind').notNull(),
    detail: text('detail').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    uniqueIndex('payout_alerts_withdrawal_kind_key').on(t.withdrawalId, t.kind),
    index('payout_alerts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
