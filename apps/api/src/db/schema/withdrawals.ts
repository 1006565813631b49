import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, kobo, reference, timestamptz, uuidKey } from '../columns';
import { WITHDRAWAL_STATUSES } from '@karta/shared/constants';
import { beneficiaryAccounts } from './beneficiary-accounts';
import { trades } from './trades';
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
    id: uuidKey(),
    /** `wd_` + the id's 32 hex digits: `^[a-z0-9_-]{16,50}$`, unique at the provider. */
    reference: text('reference').notNull(),
    userId: reference('user_id', () => users.id).notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    feeKobo: kobo('fee_kobo').notNull(),
    status: withdrawalStatus('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    beneficiaryId: reference('beneficiary_id', () => beneficiaryAccounts.id),
    recipientCode: text('recipient_code'),
    /** What the seller reads when the payout failed (payout-failure-words.ts). */
    failureReason: text('failure_reason'),
    /** The provider's own words for a failure or a reversal, for the money desk only. */
    providerReason: text('provider_reason'),
    /** Set on an automatic withdrawal (decision 038): the approved trade whose credit it sends. */
    tradeId: reference('trade_id', () => trades.id),
    /** The client's Idempotency-Key and a hash of the request it came with. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Payout attempts by the worker; each asks the provider first. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    processingAt: timestamptz('processing_at'),
    completedAt: timestamptz('completed_at'),
    reversedAt: timestamptz('reversed_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_reference_key').on(t.reference),
    uniqueIndex('withdrawals_user_idempotency_key').on(t.userId, t.idempotencyKey),
    // One automatic withdrawal per trade, whatever the idempotency key says.
    uniqueIndex('withdrawals_trade_key')
      .on(t.tradeId)
      .where(sql`${t.tradeId} is not null`),
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
    // The money desk: every seller's withdrawals newest first, by status, by account number,
    // and the reversed ones.
    index('withdrawals_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('withdrawals_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('withdrawals_account_number_idx').on(t.accountNumber),
    index('withdrawals_reversed_idx')
      .on(t.reversedAt)
      .where(sql`${t.reversedAt} is not null`),
    // Reconciliation looks for payouts stuck on their way.
    index('withdrawals_unfinished_idx')
      .on(t.status, t.processingAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
    check('withdrawals_amount_positive', sql`${t.amountKobo} > 0 and ${t.feeKobo} >= 0`),
  ],
);
