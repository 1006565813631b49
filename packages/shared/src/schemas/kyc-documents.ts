import { z } from 'zod';
import { DeskClaimSchema, releaseTokenField } from './claims';
import { PageQuerySchema } from './common';

/**
 * Tier 3's documents (decision 066): a government ID, a selfie and a proof of address, which an
 * operator approves or rejects at the console's KYC desk.
 */
export const KYC_ID_TYPES = [
  'nin_slip',
  'drivers_licence',
  'international_passport',
  'voters_card',
] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];

export const KYC_ID_TYPE_LABELS: Record<KycIdType, string> = {
  nin_slip: 'NIN slip',
  drivers_licence: 'Driver’s licence',
  international_passport: 'International passport',
  voters_card: 'Voter’s card',
};

/** Which side of each ID the seller sends: both sides of a card, one page of a passport. */
export const KYC_ID_BACK: Record<KycIdType, 'required' | 'optional' | 'refused'> = {
  nin_slip: 'optional',
  drivers_licence: 'required',
  international_passport: 'refused',
  voters_card: 'required',
};

/** The image parts of a submission, in the order the form asks for them. */
export const KYC_DOCUMENT_PARTS = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;
export type KycDocumentPart = (typeof KYC_DOCUMENT_PARTS)[number];

export const KYC_SUBMISSION_STATUSES = ['pending_review', 'approved', 'rejected'] as const;
export type KycSubmissionStatus = (typeof KYC_SUBMISSION_STATUSES)[number];

/** Why an operator sends documents back: a fixed list, so the seller's words are ours. */
export const KYC_REJECTION_REASONS = [
  'blurry',
  'expired',
  'mismatch_name',
  'not_a_proof_of_address',
  'other',
] as const;
export type KycRejectionReason = (typeof KYC_REJECTION_REASONS)[number];

export const KYC_REJECTION_REASON_WORDS: Record<KycRejectionReason, string> = {
  blurry: 'A photo was too blurry to read.',
  expired: 'The ID has expired.',
  mismatch_name: 'The name on the documents is not the name on your BVN.',
  not_a_proof_of_address:
    'The proof of address is not a utility bill or bank statement from the last 3 months.',
  other: 'Something in the documents needs another look (see the note).',
};

export const KYC_DOCUMENT_MESSAGES = {
  NIN_FIRST: 'Verify your BVN and your NIN first (tier 2). Then you can send your documents.',
  PENDING: 'Your documents are waiting for review. You can send new ones if they are rejected.',
  BACK_REQUIRED: 'Add a photo of the back of the ID.',
  BACK_REFUSED: 'A passport has no back: send only the photo page.',
  FILE_REQUIRED: (label: string) => `Add the ${label}.`,
  WRONG_FIELD: 'The form has a file it should not have.',
  ONE_FILE_EACH: 'Send one file for each photo.',
  NOT_FOUND: 'We could not find these documents.',
  /** Another operator's live claim: who, and until when in Lagos time ("10:42"). */
  claimedBy: (holder: string, until: string) =>
    `${holder} is reviewing these documents until ${until}. Pick another, or try again once they are done.`,
  /** A take-over refused: the holder's page said it was open less than a minute ago. */
  stillActive: (holder: string) =>
    `${holder} still has these documents open: they can be taken over only after a minute with no sign of their page.`,
  /** A heartbeat on a claim someone else holds now. */
  claimLostTo: (holder: string) =>
    `${holder} took over these documents. You are no longer reviewing them, and cannot decide them.`,
  CLAIM_ENDED:
    'Your claim on these documents has ended: it was released or ran out. Claim them again to go on reviewing.',
} as const;

/** The form's text fields, validated by the same schema in the API and the web form. */
export const KycDocumentFieldsSchema = z.object({
  id_type: z.enum(KYC_ID_TYPES, {
    error: 'Choose the ID: NIN slip, driver’s licence, international passport or voter’s card.',
  }),
  id_number: z
    .string({ error: 'Enter the ID’s number.' })
    .trim()
    .min(5, 'Enter the ID’s number as printed on it.')
    .max(30, 'The ID’s number is at most 30 characters.')
    .regex(/^[A-Za-z0-9/ -]+$/, 'Enter the ID’s number with letters, digits and dashes only.'),
  address: z
    .string({ error: 'Enter your home address.' })
    .trim()
    .min(10, 'Enter your full home address, as on the proof of address.')
    .max(300, 'The address is at most 300 characters.'),
});

/** What the seller is told right after sending. */
export const KycSubmittedSchema = z.object({
  id: z.uuid(),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  submitted_at: z.string(),
});
export type KycSubmitted = z.infer<typeof KycSubmittedSchema>;

/** Short-lived signed links to the images, for `<img>` tags (owner and staff only). */
const KycImageLinksSchema = z.object({
  id_front: z.string(),
  id_back: z.string().nullable(),
  selfie: z.string(),
  proof_of_address: z.string(),
});

const KycRejectionSchema = z.object({
  reason: z.enum(KYC_REJECTION_REASONS),
  /** The reason in the seller's words. */
  reason_words: z.string(),
  note: z.string().nullable(),
});

/** The seller's latest submission (null before the first). */
export const KycSubmissionSchema = z.object({
  id: z.uuid(),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  id_type: z.enum(KYC_ID_TYPES),
  id_number_last4: z.string(),
  address: z.string(),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  rejection: KycRejectionSchema.nullable(),
  images: KycImageLinksSchema,
});
export type KycSubmission = z.infer<typeof KycSubmissionSchema>;

export const KycSubmissionIdParamsSchema = z.object({ id: z.string().max(64) });

export const KycQueueQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(['pending', 'approved', 'rejected'], {
      error: 'status must be pending, approved or rejected',
    })
    .default('pending'),
});
export type KycQueueQuery = z.infer<typeof KycQueueQuerySchema>;

const KycSellerSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** BVN verified (tier 1 or above). */
  kyc_verified: z.boolean(),
  /** The seller's KYC tier now (decision 063). */
  kyc_tier: z.number().int().min(0).max(3),
});

/** A row of the desk's queue: oldest first, with how long it has waited. */
export const KycQueueItemSchema = z.object({
  id: z.uuid(),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  id_type: z.enum(KYC_ID_TYPES),
  submitted_at: z.string(),
  waiting_minutes: z.number().int(),
  seller: KycSellerSchema,
  claim: DeskClaimSchema.nullable(),
});
export type KycQueueItem = z.infer<typeof KycQueueItemSchema>;

/** One submission as the operator reviews it: the images and what the identity provider said. */
export const KycReviewSchema = KycQueueItemSchema.extend({
  id_number: z.string(),
  address: z.string(),
  images: KycImageLinksSchema,
  /** What the BVN check answered for this seller: the name and birth date it matched. */
  bvn: z.object({
    last4: z.string().nullable(),
    verified_at: z.string().nullable(),
    date_of_birth: z.string().nullable(),
  }),
  decided_at: z.string().nullable(),
  decided_by_user_id: z.uuid().nullable(),
  rejection: KycRejectionSchema.nullable(),
});
export type KycReview = z.infer<typeof KycReviewSchema>;

/**
 * `POST /admin/kyc/{id}/claim` and `…/take_over`: the submission, and the claim's release token
 * (decision 078). Only the holder is given it; their page sends it back in a beacon as it closes.
 */
export const ClaimedKycReviewSchema = KycReviewSchema.extend({ release_token: z.string() });
export type ClaimedKycReview = z.infer<typeof ClaimedKycReviewSchema>;

/** `POST /admin/kyc/{id}/release`: the submission, and whether the caller's claim was ended. */
export const ReleasedKycReviewSchema = KycReviewSchema.extend({ released: z.boolean() });

/** `POST /kyc_claims/release`: the beacon a closing review page sends. */
export const KycBeaconReleaseInputSchema = z.object({
  submission_id: z.string({ error: 'submission_id is required' }).max(64),
  release_token: releaseTokenField(),
});

export const RejectKycInputSchema = z
  .object({
    reason: z.enum(KYC_REJECTION_REASONS, {
      error: 'reason must be blurry, expired, mismatch_name, not_a_proof_of_address or other',
    }),
    note: z.string().trim().max(500, 'The note is at most 500 characters.').optional(),
  })
  .refine((input) => input.reason !== 'other' || (input.note ?? '').length > 0, {
    path: ['note'],
    message: 'Say what is wrong in the note when the reason is "other".',
  });
export type RejectKycInput = z.infer<typeof RejectKycInputSchema>;
