import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, kobo, reference, timestamptz, uuidKey } from '../columns';
import { REFERRAL_STATUSES } from '@karta/shared/constants';
import { trades } from './trades';
import { users } from './users';

export const referralStatus = pgEnum('referral_status', REFERRAL_STATUSES);

/**
 * Someone who registered with another user's code. Rewarded once, on their first approved
 * trade: the unique referred user and the ledger's idempotency key both make sure of it.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuidKey(),
    referrerUserId: reference('referrer_user_id', () => users.id).notNull(),
    referredUserId: reference('referred_user_id', () => users.id).notNull(),
    status: referralStatus('status').notNull().default('pending'),
    rewardKobo: kobo('reward_kobo')
      .notNull()
      .default(sql`0`),
    /** The approved trade that earned the reward. */
    tradeId: reference('trade_id', () => trades.id),
    createdAt: createdAt(),
    rewardedAt: timestamptz('rewarded_at'),
  },
  (t) => [
    uniqueIndex('referrals_referred_user_key').on(t.referredUserId),
    index('referrals_referrer_created_idx').on(t.referrerUserId, t.createdAt.desc(), t.id),
  ],
);
