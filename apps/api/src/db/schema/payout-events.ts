import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from '../columns';

/**
 * Every answer the provider gave about a payout (the worker's status checks and transfers, the
 * checks behind each webhook, an operator's re-check), so the money desk can show what was
 * asked, when, and what came back. Webhooks themselves stay in `payout_webhooks`.
 */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: uuidKey(),
    /** The withdrawal's reference (`wd_…`), which is the transfer's reference at the provider. */
    reference: text('reference').notNull(),
    /** Who asked: `worker`, `webhook` (the check behind one) or `recheck`. */
    source: text('source').notNull(),
    /**
     * `pending`, `succeeded`, `failed`, `reversed`; `not_found` or `unavailable` when it could not
     * say; `requested` (the worker's, not an answer) when the transfer was about to be sent.
     */
    status: text('status').notNull(),
    /** The provider's reason, or what went wrong asking it. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('payout_events_reference_idx').on(t.reference, t.createdAt)],
);
