import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per refresh token ever issued. A family is one sign-in: each refresh replaces the
 * token with a new one in the same family, and a replaced token shown again revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Idle limit: a token not used by then is dead. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute limit: the whole family dies then, however active. */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);
