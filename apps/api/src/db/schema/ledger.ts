import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, kobo, reference, updatedAt, uuidKey } from '../columns';
import { users } from './users';

/**
 * The ledger's accounts (docs/ARCHITECTURE.md#domain-rules). Each user has a wallet (what they may withdraw) and a
 * withdrawal hold (money on its way to their bank). The platform accounts are where money
 * comes from and goes to: they run negative or positive, a user's never runs below zero.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'user_wallet',
  'user_withdrawal_hold',
  'trade_funding',
  'referral_rewards',
  'payouts_in_flight',
  'payout_fees',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export const ledgerAccountKind = pgEnum('ledger_account_kind', LEDGER_ACCOUNT_KINDS);

/** The kinds of movement: a trade's credit, a referral's reward, and each step of a withdrawal. */
export const LEDGER_TRANSACTION_KINDS = [
  'trade_credit',
  'referral_reward',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_fee',
  'withdrawal_reversal',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];
export const ledgerTransactionKind = pgEnum('ledger_transaction_kind', LEDGER_TRANSACTION_KINDS);

/** An account of the ledger: a user's (wallet or withdrawal hold) or one of the platform's. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuidKey(),
    kind: ledgerAccountKind('kind').notNull(),
    /** Set for a user's accounts, null for the platform's. */
    userId: reference('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_key')
      .on(t.userId, t.kind)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_platform_kind_key')
      .on(t.kind)
      .where(sql`${t.userId} is null`),
    check(
      'ledger_accounts_owner_matches_kind',
      sql`(${t.userId} is not null) = (${t.kind} in ('user_wallet', 'user_withdrawal_hold'))`,
    ),
  ],
);

/**
 * The current balance of each account, changed in the same transaction as the postings that
 * move it. A user's balances can never go below zero: the database refuses it, whatever the
 * code above it does.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    accountId: reference('account_id', () => ledgerAccounts.id).primaryKey(),
    /** Copied from the account so the CHECK below can see it. */
    isUserAccount: boolean('is_user_account').notNull(),
    available: kobo('available')
      .notNull()
      .default(sql`0`),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ledger_balances_user_not_negative', sql`not ${t.isUserAccount} or ${t.available} >= 0`),
  ],
);

/** One movement of money: its postings sum to zero (a deferred trigger checks at commit). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuidKey(),
    /** Says what the movement is for, so it can happen only once ("trade:<id>:credit"). */
    idempotencyKey: text('idempotency_key').notNull(),
    kind: ledgerTransactionKind('kind').notNull(),
    description: text('description').notNull(),
    /** What it is about, shown on the statement (a trade's reference…). */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey)],
);

/** Immutable: triggers refuse UPDATE, DELETE and TRUNCATE. Corrections are new postings. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: reference('transaction_id', () => ledgerTransactions.id).notNull(),
    accountId: reference('account_id', () => ledgerAccounts.id).notNull(),
    /** Kobo; positive into the account, negative out of it. */
    amount: kobo('amount').notNull(),
    /** The account's balance right after this posting: the statement's running balance. */
    balanceAfter: kobo('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    check('ledger_postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * A platform account's posting waiting for its database transaction to commit (decision 048).
 * Every approval moves the platform's trade-funding balance, a row that stays locked from its
 * UPDATE to the COMMIT; `ledger_post_movements` therefore leaves the platform's legs here, and a
 * deferred trigger applies them (balance, posting, running balance) as the transaction commits,
 * all of one transaction's at once in account order, then deletes them. No row outlives its
 * transaction; `xact` finds a transaction's own rows.
 */
export const ledgerPendingPostings = pgTable(
  'ledger_pending_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    xact: bigint('xact', { mode: 'bigint' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    transactionId: reference('transaction_id', () => ledgerTransactions.id).notNull(),
    accountId: reference('account_id', () => ledgerAccounts.id).notNull(),
    amount: kobo('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_pending_postings_xact_idx').on(t.xact)],
);
