import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, kobo, timestamptz, updatedAt, uuidKey } from '../columns';

/** The banks the configured provider pays, refreshed from it; `id` is what clients send. */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    cbnCode: text('cbn_code'),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('banks_provider_code_key').on(t.provider, t.code)],
);

/**
 * Every webhook that passed its signature check, once per event, reference and status; a later
 * copy opens its check again (processed_at back to null) while the news is not shown yet.
 */
export const payoutWebhooks = pgTable(
  'payout_webhooks',
  {
    id: uuidKey(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    status: text('status').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    uniqueIndex('payout_webhooks_dedupe_key').on(t.provider, t.event, t.reference, t.status),
    // A withdrawal's timeline on the money desk.
    index('payout_webhooks_reference_idx').on(t.reference, t.receivedAt),
  ],
);

/** The sandbox provider's own records: what Paystack would keep on its side. */
export const sandboxRecipients = pgTable('sandbox_recipients', {
  code: text('code').primaryKey(),
  bankCode: text('bank_code').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  createdAt: createdAt(),
});

export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    reference: text('reference').primaryKey(),
    recipientCode: text('recipient_code').notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    /** Paystack's words: pending, success, failed, reversed. */
    status: text('status').notNull(),
    reason: text('reason'),
    /** Where it goes at due_at; null once final. */
    nextStatus: text('next_status'),
    /** When the sandbox moves it on next (to its outcome, or success → reversed). */
    dueAt: timestamptz('due_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sandbox_transfers_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);
