import { sql } from 'drizzle-orm';
import { bigint, index, pgEnum, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    id: uuid('id').primaryKey().defaultRandom(),
    referrerUserId: uuid('referrer_user_id')
      .notNull()
      .references(() => users.id),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id),
    status: referralStatus('status').notNull().default('pending'),
    rewardKobo: bigint('reward_kobo', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The approved trade that earned the reward. */
    tradeId: uuid('trade_id').references(() => trades.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('referrals_referred_user_key').on(t.referredUserId),
    index('referrals_referrer_created_idx').on(t.referrerUserId, t.createdAt.desc(), t.id),
  ],
);
