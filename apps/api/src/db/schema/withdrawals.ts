import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { WITHDRAWAL_STATUSES } from '@karta/shared/constants';
import { beneficiaryAccounts } from './beneficiary-accounts';
import { users } from './users';

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
