import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { reference, timestamptz, uuidKey } from '../columns';
import { users } from './users';

/**
 * One row per refresh token ever issued. A family is one sign-in: each refresh replaces the
 * token with a new one in the same family, and a replaced token shown again revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    device: text('device').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** Idle limit: a token not used by then is dead. */
    expiresAt: timestamptz('expires_at').notNull(),
    /** Absolute limit: the whole family dies then, however active. */
    familyExpiresAt: timestamptz('family_expires_at').notNull(),
    replacedAt: timestamptz('replaced_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);
