import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { reference, timestamptz, uuidKey } from '../columns';
import { users } from './users';

/**
 * An account's authenticator (TOTP, RFC 6238; decision 061). The secret is kept sealed
 * (AES-256-GCM under the two-factor key, bound to the account), never in the clear. A row
 * without `confirmed_at` is a setup waiting for its first code: it turns nothing on.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: reference('user_id', () => users.id).primaryKey(),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  /**
   * The 30-second step of the last code accepted: a code is taken only for a later step, so
   * none is accepted twice (RFC 6238 §5.2), however many requests carry it at once.
   */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Ten single-use codes for a lost phone, shown once; only a keyed hash of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in: the password was right, a code is still owed. The client holds
 * the challenge id (a bearer value: only its SHA-256 is kept); it lives five minutes and takes
 * five tries, every try counted before the code is compared.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuidKey(),
    tokenHash: text('token_hash').notNull(),
    userId: reference('user_id', () => users.id).notNull(),
    device: text('device').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_key').on(t.tokenHash),
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);

/**
 * A session's fresh second factor (step-up): the refresh-token family the access token names
 * (its `sid`) was given a code until `expires_at`, so money-moving changes need no other.
 */
export const sessionStepUps = pgTable(
  'session_step_ups',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: reference('user_id', () => users.id).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('session_step_ups_user_idx').on(t.userId)],
);
