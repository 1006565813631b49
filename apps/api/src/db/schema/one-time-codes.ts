import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const CODE_PURPOSES = ['account_verification', 'password_change', 'password_reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const codePurpose = pgEnum('code_purpose', CODE_PURPOSES);

/** Six-digit codes, bound to one account and one purpose; only a keyed hash is kept. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: codePurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [index('one_time_codes_user_created_idx').on(t.userId, t.createdAt)],
);
