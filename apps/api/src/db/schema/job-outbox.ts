import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from '../columns';

/**
 * Jobs sent inside a business transaction (decision 056): written here, in that transaction
 * (a withdrawal's payout job in the withdrawal row's own statement), and moved into pg-boss by
 * the worker's relay after the commit, in one transaction of its own. A row's id becomes its
 * job's id, so a row is never queued twice. Karta's transactions write only Karta's tables.
 */
export const jobOutbox = pgTable(
  'job_outbox',
  {
    id: uuidKey(),
    /** The pg-boss queue the job goes to (adapters/jobs/jobs.ts QUEUES). */
    queue: text('queue').notNull(),
    data: jsonb('data').notNull(),
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
  },
  // The relay takes the oldest first. The table holds only what has not been moved yet: a few
  // rows, or none.
  (t) => [index('job_outbox_created_idx').on(t.createdAt)],
);
