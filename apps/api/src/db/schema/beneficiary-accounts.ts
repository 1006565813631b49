import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's saved bank accounts for withdrawals. The account name always comes from the payout
 * provider's resolution on the server (DESIGN §3), never from the client. Deleting keeps the
 * row (deleted_at) so past withdrawals can still say where the money went.
 */
export const beneficiaryAccounts = pgTable(
  'beneficiary_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /** The payout provider's recipient for this account, made on the first payout to it. */
    recipientCode: text('recipient_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('beneficiary_accounts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('beneficiary_accounts_user_account_key')
      .on(t.userId, t.bankCode, t.accountNumber)
      .where(sql`${t.deletedAt} is null`),
  ],
);
