import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACCOUNT_APPROVAL_STATUSES } from '@karta/shared/constants';
import { createdAt, reference, timestamptz, uuidKey } from '../columns';
import { users } from './users';

export const accountApprovalStatus = pgEnum('account_approval_status', ACCOUNT_APPROVAL_STATUSES);

/**
 * A seller's request to withdraw to one bank account that is not in their own name (decision
 * 064), and an operator's answer. Karta pays only into accounts in the seller's BVN name; an
 * approved row is the one exception, for this seller, this bank and this number. The name is the
 * bank's answer when the seller asked, kept so the operator decides on what the bank said.
 */
export const accountApprovals = pgTable(
  'account_approvals',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    status: accountApprovalStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    decidedBy: reference('decided_by', () => users.id),
    decidedAt: timestamptz('decided_at'),
    /** The operator's words to the seller, sent with the answer and kept in the audit log. */
    note: text('note'),
  },
  (t) => [
    // One open question or standing approval per account: a declined one may be asked again.
    uniqueIndex('account_approvals_user_account_key')
      .on(t.userId, t.bankCode, t.accountNumber)
      .where(sql`${t.status} <> 'declined'`),
    // The seller page lists a seller's newest.
    index('account_approvals_user_idx').on(t.userId, t.createdAt),
  ],
);
