import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, reference, timestamptz, uuidKey } from '../columns';
import { users } from './users';

/**
 * A user's saved bank accounts for withdrawals. The account name always comes from the payout
 * provider's resolution on the server (docs/ARCHITECTURE.md#domain-rules), never from the client. Deleting keeps the
 * row (deleted_at) so past withdrawals can still say where the money went.
 */
export const beneficiaryAccounts = pgTable(
  'beneficiary_accounts',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /** The payout provider's recipient for this account, made on the first payout to it. */
    recipientCode: text('recipient_code'),
    createdAt: createdAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('beneficiary_accounts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('beneficiary_accounts_user_account_key')
      .on(t.userId, t.bankCode, t.accountNumber)
      .where(sql`${t.deletedAt} is null`),
  ],
);
