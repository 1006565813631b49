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
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The ledger's accounts (DESIGN §3). Each user has a wallet (what they may withdraw) and a
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

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerAccountKind('kind').notNull(),
    /** Set for a user's accounts, null for the platform's. */
    userId: uuid('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => ledgerAccounts.id),
    /** Copied from the account so the CHECK below can see it. */
    isUserAccount: boolean('is_user_account').notNull(),
    available: bigint('available', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_balances_user_not_negative', sql`not ${t.isUserAccount} or ${t.available} >= 0`),
  ],
);

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

/** One movement of money: its postings sum to zero (a deferred trigger checks at commit). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Says what the movement is for, so it can happen only once ("trade:<id>:credit"). */
    idempotencyKey: text('idempotency_key').notNull(),
    kind: ledgerTransactionKind('kind').notNull(),
    description: text('description').notNull(),
    /** What it is about, shown on the statement (a trade's reference…). */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey)],
);

/** Immutable: triggers refuse UPDATE, DELETE and TRUNCATE. Corrections are new postings. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Kobo; positive into the account, negative out of it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The account's balance right after this posting: the statement's running balance. */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    check('ledger_postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);
