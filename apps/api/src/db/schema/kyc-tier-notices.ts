import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { users } from './users';

/**
 * Sellers owed the mail that says why their limit changed with the KYC tiers (decision 063):
 * migration 0034 writes one row per seller it moved to tier 1; the worker's job mails each and
 * deletes the row in the same transaction, so each is told once.
 */
export const kycTierNotices = pgTable('kyc_tier_notices', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  createdAt: createdAt(),
});
