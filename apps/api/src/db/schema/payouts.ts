import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { WITHDRAWAL_STATUSES } from '@karta/shared/constants';
import { beneficiaryAccounts } from './beneficiary-accounts';
import { users } from './users';

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

export const withdrawalStatus = pgEnum('withdrawal_status', WITHDRAWAL_STATUSES);

/**
 * Money a user sends to their bank. The request holds the amount and fee in the ledger and
 * queues the payout in one transaction; the worker moves it on. The reference is derived from
 * the id, so the provider can always be asked about it, whatever crashed in between.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `wd_` + the id's 32 hex digits: `^[a-z0-9_-]{16,50}$`, unique at the provider. */
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    feeKobo: bigint('fee_kobo', { mode: 'bigint' }).notNull(),
    status: withdrawalStatus('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    beneficiaryId: uuid('beneficiary_id').references(() => beneficiaryAccounts.id),
    recipientCode: text('recipient_code'),
    failureReason: text('failure_reason'),
    /** The client's Idempotency-Key and a hash of the request it came with. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Payout attempts by the worker; each asks the provider first. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_reference_key').on(t.reference),
    uniqueIndex('withdrawals_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('withdrawals_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('withdrawals_user_status_created_idx').on(
      t.userId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Reconciliation looks for payouts stuck on their way.
    index('withdrawals_unfinished_idx')
      .on(t.status, t.processingAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
    check('withdrawals_amount_positive', sql`${t.amountKobo} > 0 and ${t.feeKobo} >= 0`),
  ],
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
