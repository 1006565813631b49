import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidKey } from '../columns';
import { beneficiaryAccounts } from './beneficiary-accounts';
import { ACCOUNT_STATUSES, GENDERS, ROLES } from '@karta/shared/constants';

export const accountStatus = pgEnum('account_status', ACCOUNT_STATUSES);
export const userRole = pgEnum('user_role', ROLES);
export const gender = pgEnum('gender', GENDERS);

export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; unique across accounts that are not deleted (deletion rewrites it). */
    email: text('email').notNull(),
    /** +234 and ten digits; null once the account is deleted, which frees the number. */
    mobileNumber: text('mobile_number'),
    gender: gender('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    passwordHash: text('password_hash').notNull(),
    pinHash: text('pin_hash'),
    role: userRole('role').notNull().default('user'),
    status: accountStatus('status').notNull().default('pending_verification'),
    referralCode: text('referral_code').notNull(),
    referredByUserId: uuid('referred_by_user_id'),
    kycVerified: boolean('kyc_verified').notNull().default(false),
    /** Keyed hash of the BVN: it proves the same BVN again without keeping it (docs/ARCHITECTURE.md#domain-rules). */
    bvnHash: text('bvn_hash'),
    bvnLast4: text('bvn_last4'),
    kycVerifiedAt: timestamptz('kyc_verified_at'),
    /**
     * The KYC tier (decision 063): 0 e-mail confirmed, 1 BVN, 2 + NIN, 3 + documents an operator
     * approved. Set only by accounts' setKycTier, which records why.
     */
    kycTier: smallint('kyc_tier').notNull().default(0),
    /** Keyed hash of the NIN, like the BVN's: one NIN per account, and the NIN itself never kept. */
    ninHash: text('nin_hash'),
    ninLast4: text('nin_last4'),
    ninVerifiedAt: timestamptz('nin_verified_at'),
    /** Wrong withdrawal PINs in a row; at 5 withdrawals lock until pin_locked_until. */
    pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
    pinLockedUntil: timestamptz('pin_locked_until'),
    /** Raised to end every session at once: access tokens carry the version they were made at. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Automatic withdrawal (decision 038): on while it names the saved account each
     * approved trade's credit is sent to. Turned on with the PIN; a rule that turns it off
     * clears it and says why (stopped_reason, shown in Settings until it is turned on again).
     */
    autoWithdrawalBeneficiaryId: uuid('auto_withdrawal_beneficiary_id').references(
      (): AnyPgColumn => beneficiaryAccounts.id,
    ),
    autoWithdrawalChangedAt: timestamptz('auto_withdrawal_changed_at'),
    autoWithdrawalStoppedReason: text('auto_withdrawal_stopped_reason'),
    /**
     * Set while two-step sign-in is on (an authenticator confirmed; decision 061), so every
     * guard that asks (sign-in, step-up, the staff rule) reads it from the row it already has.
     */
    twoFactorEnabledAt: timestamptz('two_factor_enabled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    verifiedAt: timestamptz('verified_at'),
    deactivatedAt: timestamptz('deactivated_at'),
    deletedAt: timestamptz('deleted_at'),
    /**
     * Lower-cased names for the sellers desk's prefix search, kept by PostgreSQL. Real columns,
     * not expression indexes, so a search reads its index alone (an expression's LIKE would be
     * rechecked against the table).
     */
    searchFullName: text('search_full_name').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name)`,
    ),
    searchLastName: text('search_last_name').generatedAlwaysAs(sql`lower(last_name)`),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_number_key').on(t.mobileNumber),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    // One person, one verified account.
    uniqueIndex('users_bvn_hash_key')
      .on(t.bvnHash)
      .where(sql`${t.bvnHash} is not null`),
    uniqueIndex('users_nin_hash_key')
      .on(t.ninHash)
      .where(sql`${t.ninHash} is not null`),
    check('users_kyc_tier_check', sql`${t.kycTier} between 0 and 3`),
    // The staff desk lists operators and admins: a handful of rows among millions of sellers.
    index('users_staff_idx')
      .on(t.role, t.createdAt)
      .where(sql`${t.role} <> 'user'`),
    index('users_referred_by_idx')
      .on(t.referredByUserId)
      .where(sql`${t.referredByUserId} is not null`),
    // The sellers desk searches by prefix (decision 021): text_pattern_ops lets
    // `like 'x%'` use a btree whatever the collation; created_at and id ride along so a search
    // reads the index alone and fetches only the rows of the page. E-mails are stored
    // lower-cased and referral codes upper-cased; names have their lower-cased columns.
    index('users_email_prefix_idx').on(t.email.op('text_pattern_ops'), t.createdAt, t.id),
    index('users_mobile_number_prefix_idx').on(
      t.mobileNumber.op('text_pattern_ops'),
      t.createdAt,
      t.id,
    ),
    index('users_referral_code_prefix_idx').on(
      t.referralCode.op('text_pattern_ops'),
      t.createdAt,
      t.id,
    ),
    index('users_full_name_prefix_idx').on(
      t.searchFullName.op('text_pattern_ops'),
      t.createdAt,
      t.id,
    ),
    index('users_last_name_prefix_idx').on(
      t.searchLastName.op('text_pattern_ops'),
      t.createdAt,
      t.id,
    ),
  ],
);
