import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { reference, timestamptz, uuidKey } from '../columns';
import { users } from './users';

/**
 * An account's passkeys (WebAuthn, decision 062): the authenticator keeps the private key, we
 * keep its public key (COSE, base64url), the signature counter it last reported and the
 * transports it said it can use. A passkey is both factors at once: something the seller has,
 * unlocked by their face, finger or screen lock (user verification is required).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull(),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn challenge we handed out (registration for one account, or a sign-in for whoever
 * answers it): kept server-side, five minutes, spent by the first answer, right or wrong.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuidKey(),
    /** `register`, `sign_in` or `account` (passkeys.repository.ts says which is which). */
    purpose: text('purpose').notNull(),
    /** The account registering or confirming; null for a sign-in (the passkey says whose it is). */
    userId: reference('user_id', () => users.id),
    challenge: text('challenge').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_key').on(t.challenge),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
  ],
);
