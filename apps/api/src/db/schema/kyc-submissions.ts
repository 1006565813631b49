import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  KYC_ID_TYPES,
  KYC_REJECTION_REASONS,
  KYC_SUBMISSION_STATUSES,
} from '@karta/shared/schemas/kyc-documents';
import { reference, timestamptz, uuidKey } from '../columns';
import { users } from './users';

export const kycIdType = pgEnum('kyc_id_type', KYC_ID_TYPES);
export const kycSubmissionStatus = pgEnum('kyc_submission_status', KYC_SUBMISSION_STATUSES);
export const kycRejectionReason = pgEnum('kyc_rejection_reason', KYC_REJECTION_REASONS);

/**
 * Tier 3's documents (decision 066): a government ID, a selfie and a proof of address, each
 * re-encoded like a card photo and stored under its key; an operator claims the submission and
 * approves or rejects it. A seller has at most one waiting for review; a rejected one stays as
 * it was and a new submission is a new row, so the record of what was sent and decided is kept.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    status: kycSubmissionStatus('status').notNull().default('pending_review'),
    idType: kycIdType('id_type').notNull(),
    idNumber: text('id_number').notNull(),
    address: text('address').notNull(),
    idFrontKey: text('id_front_key').notNull(),
    idBackKey: text('id_back_key'),
    selfieKey: text('selfie_key').notNull(),
    proofOfAddressKey: text('proof_of_address_key').notNull(),
    submittedAt: timestamptz('submitted_at').notNull(),
    /** The operator reviewing it, until `claimExpiresAt` (a claim, as on trades: decision 020). */
    claimedByUserId: reference('claimed_by_user_id', () => users.id),
    claimExpiresAt: timestamptz('claim_expires_at'),
    /** The holder's last sign of life, and their release token's hash (as on trades: decision 078). */
    claimSeenAt: timestamptz('claim_seen_at'),
    claimReleaseTokenHash: text('claim_release_token_hash'),
    decidedByUserId: reference('decided_by_user_id', () => users.id),
    decidedAt: timestamptz('decided_at'),
    rejectionReason: kycRejectionReason('rejection_reason'),
    rejectionNote: text('rejection_note'),
  },
  (t) => [
    // One submission waiting at a time per seller; the race of two sends ends here.
    uniqueIndex('kyc_submissions_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending_review'`),
    // The desk's queue, oldest first, and the seller's latest.
    index('kyc_submissions_status_submitted_idx').on(t.status, t.submittedAt, t.id),
    index('kyc_submissions_user_submitted_idx').on(t.userId, t.submittedAt.desc()),
  ],
);
