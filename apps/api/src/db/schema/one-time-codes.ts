import { index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { reference, timestamptz, uuidKey } from '../columns';
import { users } from './users';

export const CODE_PURPOSES = [
  'account_verification',
  'password_change',
  'password_reset',
  // An admin's invitation to a new operator: lasts STAFF_INVITATION_HOURS, not ten minutes.
  'staff_invitation',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const codePurpose = pgEnum('code_purpose', CODE_PURPOSES);

/** Six-digit codes, bound to one account and one purpose; only a keyed hash is kept. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    purpose: codePurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    voidedAt: timestamptz('voided_at'),
  },
  (t) => [index('one_time_codes_user_created_idx').on(t.userId, t.createdAt)],
);
