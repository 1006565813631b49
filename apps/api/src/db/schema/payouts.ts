import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('banks_provider_code_key').on(t.provider, t.code)],
);

/** Every webhook that passed its signature check, once: later copies are dropped here. */
export const payoutWebhooks = pgTable(
  'payout_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    status: text('status').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payout_webhooks_dedupe_key').on(t.provider, t.event, t.reference, t.status)],
);

/** The sandbox provider's own records: what Paystack would keep on its side. */
export const sandboxRecipients = pgTable('sandbox_recipients', {
  code: text('code').primaryKey(),
  bankCode: text('bank_code').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    reference: text('reference').primaryKey(),
    recipientCode: text('recipient_code').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    /** Paystack's words: pending, success, failed, reversed. */
    status: text('status').notNull(),
    reason: text('reason'),
    /** Where it goes at due_at; null once final. */
    nextStatus: text('next_status'),
    /** When the sandbox moves it on next (to its outcome, or success → reversed). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_transfers_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);
