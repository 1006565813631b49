import { z } from 'zod';
import {
  DEVICES,
  IF_NO_ANSWER_CHOICES,
  TRADE_COMMENT_MAX_LENGTH,
  TRADE_REJECTION_REASON_CODES,
  TRADE_STATUSES,
} from '../constants';
import { DateQuerySchema, hasAtMostTwoDecimals, PageQuerySchema, requiredText } from './common';
import { CounterOfferSchema, SecondApprovalSchema, TradeTimelineEntrySchema } from './trade-steps';
import { releaseTokenField } from './claims';
import { TradeDuplicateSchema } from './trade-duplicates';
import { RejectionProofSchema } from './rejection-proofs';

/** Naira with at most two decimals, as a JSON number (the API never sends float arithmetic). */
const nairaAmount = (field: string) =>
  z
    .number({ error: `${field} must be a naira amount` })
    .positive(`${field} must be more than 0`)
    .max(1_000_000_000, `${field} is too large`)
    .refine(hasAtMostTwoDecimals, `${field} can have at most 2 decimals`);

export const TRADE_MESSAGES = {
  SUBCATEGORY_REQUIRED: 'Choose a card category',
  AMOUNT_REQUIRED: 'Enter the card amount',
  AMOUNT_DECIMALS: 'Enter the card amount with at most 2 decimals, e.g. 50.50',
  AMOUNT_TOO_LARGE: 'The card amount can be at most 1,000,000',
  COMMENT_TOO_LONG: `Comments can be at most ${TRADE_COMMENT_MAX_LENGTH} characters`,
  IMAGES_REQUIRED: 'Add at least one photo of the card',
} as const;

const ADJUSTMENT_REASON_MAX_LENGTH = 500;

/**
 * What the review refuses, worded once. Amounts come in already written for people
 * ("₦117,500.00"): the server formats them from kobo.
 */
export const TRADE_REVIEW_MESSAGES = {
  finalAboveExpected: (expected: string) =>
    `The final value cannot be more than the expected ${expected}. An admin can add to a credit with a reason.`,
  creditAboveCeiling: (ceiling: string) => `A single credit cannot be more than ${ceiling}.`,
  adjustNotApproved: (status: string) =>
    `Only an approved trade can be adjusted; this one is ${status}.`,
  REASON_REQUIRED: 'Give a reason for the adjustment',
  REASON_TOO_LONG: `The reason can be at most ${String(ADJUSTMENT_REASON_MAX_LENGTH)} characters`,
  OWN_TRADE: 'You cannot adjust your own trade.',
  OWN_TRADE_REVIEW: 'You cannot review your own trade.',
  /** Another operator's live claim: who, and until when in Lagos time ("10:42"). */
  claimedBy: (holder: string, until: string) =>
    `${holder} is reviewing this trade until ${until}. Pick another trade, or try again once they are done.`,
  /** A take-over refused: the holder's page said it was open less than a minute ago. */
  stillActive: (holder: string) =>
    `${holder} still has this trade open: it can be taken over only after a minute with no sign of their page.`,
  /** A heartbeat on a claim that ended: who holds the trade now, when someone does. */
  claimLostTo: (holder: string) =>
    `${holder} took over this trade. You are no longer reviewing it, and cannot decide it.`,
  CLAIM_ENDED:
    'Your claim on this trade has ended: it was released or ran out. Claim it again to go on reviewing.',
} as const;

/**
 * What each review step answers, worded for what it did (decision 049): an approval that
 * credited, one that only made the seller an offer, one that waits for a second person.
 */
export const TRADE_DECISION_ANSWERS = {
  CREDITED: 'Trade approved and wallet credited.',
  OFFER_SENT:
    'Offer sent to the seller. Nothing is credited until they accept it; with no answer in 24 hours, their own choice applies.',
  APPROVAL_WAITING:
    'Approval recorded. It is waiting for a second approval: another operator has to confirm it before anything reaches the seller.',
  CONFIRMED_CREDITED: 'Approval confirmed and wallet credited.',
  CONFIRMED_OFFER_SENT:
    'Approval confirmed and the offer sent to the seller. Nothing is credited until they accept it.',
  RELEASED: 'Trade released.',
  NOT_HELD: 'You were not reviewing this trade, so nothing changed.',
  ADJUSTMENT_CREDITED: 'Credit added to the trade.',
  ADJUSTMENT_WAITING:
    'Adjustment recorded. It is waiting for a second approval: another admin has to confirm it before the wallet is credited.',
  ADJUSTMENT_CONFIRMED: 'Adjustment confirmed and wallet credited.',
  ADJUSTMENT_RETURNED: 'Adjustment sent back. Nothing was credited.',
} as const;

/** The text fields of `POST /trade/add_trade` (multipart; the photos come as `images`). */
export const AddTradeFieldsSchema = z.object({
  subcategory_id: z
    .string({ error: TRADE_MESSAGES.SUBCATEGORY_REQUIRED })
    .trim()
    .min(1, TRADE_MESSAGES.SUBCATEGORY_REQUIRED)
    .max(64),
  amount: z.coerce
    .number({ error: TRADE_MESSAGES.AMOUNT_REQUIRED })
    .positive(TRADE_MESSAGES.AMOUNT_REQUIRED)
    .max(1_000_000, TRADE_MESSAGES.AMOUNT_TOO_LARGE)
    .refine(hasAtMostTwoDecimals, TRADE_MESSAGES.AMOUNT_DECIMALS),
  comment: z
    .string()
    .trim()
    .max(TRADE_COMMENT_MAX_LENGTH, TRADE_MESSAGES.COMMENT_TOO_LONG)
    .optional()
    .transform((text) => (text ? text : null)),
  device: z.enum(DEVICES).optional(),
  /** What a counter-offer the seller leaves unanswered becomes (decision 037). */
  if_no_answer: z
    .enum(IF_NO_ANSWER_CHOICES, { error: 'if_no_answer must be accept or decline' })
    .optional()
    .default('decline'),
});

const TradeStatusSchema = z.enum(TRADE_STATUSES);
const TradeRejectionReasonSchema = z.enum(TRADE_REJECTION_REASON_CODES, {
  error: `reason must be one of ${TRADE_REJECTION_REASON_CODES.join(', ')}`,
});

/** `?status=` omitted (or blank) means every status (docs/product.md §7). */
const statusFilter = z
  .union([TradeStatusSchema, z.literal('')], {
    error: `status must be one of ${TRADE_STATUSES.join(', ')}`,
  })
  .optional()
  .transform((status) => (status ? status : undefined));

export const TradeListQuerySchema = PageQuerySchema.extend({
  status: statusFilter,
  date_query: DateQuerySchema,
  trade_id: z.string().trim().max(64).optional(),
});
export type TradeListQuery = z.infer<typeof TradeListQuerySchema>;

export const TradeIdParamsSchema = z.object({ id: z.string().max(64) });

export const CancelTradeInputSchema = z.object({
  trade_id: z.string({ error: 'trade_id is required' }).trim().min(1).max(64),
});

const TradeImageSchema = z.object({
  id: z.string(),
  /** Signed and short-lived: only the owner and operators are ever given one. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const TradeSchema = z.object({
  id: z.string(),
  reference: z.string(),
  gift_card: z.object({
    id: z.string(),
    name: z.string(),
    img_info: z.object({ url: z.string() }),
  }),
  subcategory: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
  /** Face value of the card, in its own currency, with at most 2 decimals (50.5 is $50.50). */
  amount: z.number(),
  /** Naira per unit of the card's currency, as it was when the trade was made. */
  rate: z.number(),
  expected_value: z.number(),
  /** Naira credited; null until approved. */
  final_value: z.number().nullable(),
  status: TradeStatusSchema,
  comment: z.string().nullable(),
  images: z.array(TradeImageSchema),
  /** The reason in words, for the user. */
  rejection_reason: z.string().nullable(),
  rejection_code: TradeRejectionReasonSchema.nullable(),
  review_note: z.string().nullable(),
  /** The image the operator gave as proof of the rejection, if any. */
  rejection_proof: RejectionProofSchema.nullable(),
  device: z.enum(DEVICES),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  timeline: z.array(TradeTimelineEntrySchema),
  /** Chosen at submission: what an unanswered counter-offer becomes. */
  if_no_answer: z.enum(IF_NO_ANSWER_CHOICES),
  /** Set once an operator offered less than the expected value; kept after the answer. */
  counter_offer: CounterOfferSchema.nullable(),
  /** The comment holds an e-code: a declined trade says the code was not used by us. */
  has_card_code: z.boolean(),
  /**
   * A credit for this trade waits for a second member of the team (decision 049): its approval
   * (status awaiting_second_approval) or an addition to an approved trade's credit.
   */
  is_waiting_second_approval: z.boolean(),
});
export type Trade = z.infer<typeof TradeSchema>;

/**
 * Naira an admin added to an approved trade's credit, and why (`POST …/adjust`). One that
 * reaches the four-eyes sum waits for a second admin (decision 049): `credited` once they
 * confirm it, `returned` (nothing credited) if they send it back.
 */
const TradeAdjustmentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  /** The admin who made it: their id, and their name as the console shows it. */
  adjusted_by: z.string(),
  adjusted_by_name: z.string(),
  created_at: z.string(),
  status: z.enum(['credited', 'awaiting_second_approval', 'returned']),
  /** Why it waited for a second admin, in words; null when it did not wait. */
  four_eyes_reason: z.string().nullable(),
  /** The second admin who confirmed or sent it back, when, and why it went back. */
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  return_reason: z.string().nullable(),
});
export type TradeAdjustment = z.infer<typeof TradeAdjustmentSchema>;

/**
 * A live claim on a pending trade: who is reviewing it, until when (ISO), and when their page
 * last said it was open (`seen_at`, ISO; null for a claim taken before heartbeats existed).
 * Silent for CLAIM_TAKEOVER_SILENCE_SECONDS, another operator may take it over (decision 072).
 */
const TradeClaimSchema = z.object({
  holder: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
  until: z.string(),
  seen_at: z.string().nullable(),
});
export type TradeClaim = z.infer<typeof TradeClaimSchema>;

/**
 * An operator's view adds who sold the card, every credit the trade made, and the desk's
 * state: who is reviewing it now and when it becomes late.
 */
export const AdminTradeSchema = TradeSchema.extend({
  user: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  reviewed_by: z.string().nullable(),
  /** Oldest first. */
  adjustments: z.array(TradeAdjustmentSchema),
  /** The final value plus every credited adjustment; null until approved. */
  total_credited: z.number().nullable(),
  /** Set while the trade is pending and an operator's claim on it lasts. */
  claim: TradeClaimSchema.nullable(),
  /** When a pending trade passes the review target (REVIEW_TARGET_MINUTES); null once decided. */
  review_due_at: z.string().nullable(),
  /** Pending and past `review_due_at` when the answer was made. */
  is_late: z.boolean(),
  /** Other trades (any seller) with the same e-code or a near photo, oldest first. */
  duplicates: z.array(TradeDuplicateSchema),
  /** Set while the trade is awaiting_second_approval: the first approval to confirm. */
  second_approval: SecondApprovalSchema.nullable(),
});
export type AdminTrade = z.infer<typeof AdminTradeSchema>;

/** `POST /admin/trades/{id}/adjust`: the trade, and the adjustment this request made. */
export const AdjustedTradeSchema = AdminTradeSchema.extend({ adjustment: TradeAdjustmentSchema });
export type AdjustedTrade = z.infer<typeof AdjustedTradeSchema>;

/** `POST /admin/trades/{id}/release`: the trade, and whether the caller's claim was ended. */
export const ReleasedTradeSchema = AdminTradeSchema.extend({ released: z.boolean() });

/**
 * `POST /admin/trades/{id}/claim` and `…/take_over`: the trade, and the claim's release token
 * (decision 072). Only the holder is given it, once per claim; their page sends it back in a
 * beacon when it closes (`POST /trade_claims/release`), since a beacon carries no session.
 */
export const ClaimedTradeSchema = AdminTradeSchema.extend({ release_token: z.string() });
export type ClaimedTrade = z.infer<typeof ClaimedTradeSchema>;

/** The heartbeat's answer is every desk's (decision 078). */
export type { ClaimHeartbeat } from './claims';

/** `POST /trade_claims/release`: the beacon a closing review page sends. */
export const BeaconReleaseInputSchema = z.object({
  trade_id: requiredText('trade_id is required').pipe(z.string().max(64)),
  release_token: releaseTokenField(),
});

export const AdjustmentParamsSchema = z.object({
  id: z.string().max(64),
  adjustment_id: z.string().max(64),
});

export const AdminTradeListQuerySchema = PageQuerySchema.extend({
  status: statusFilter,
  /**
   * `true`: only the pending trades the caller may take now (not their own, not under another
   * operator's live claim), oldest first: what "Next pending trade" asks for.
   */
  claimable: z
    .enum(['true', 'false'], { error: 'claimable must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type AdminTradeListQuery = z.infer<typeof AdminTradeListQuerySchema>;

export const ApproveTradeInputSchema = z
  .object({
    final_value: nairaAmount('final_value').optional(),
    note: z.string().trim().max(500, 'The note can be at most 500 characters').optional(),
  })
  .default({});
export type ApproveTradeInput = z.infer<typeof ApproveTradeInputSchema>;

/** An admin's upward correction of an approved trade's credit: a new credit, with a reason. */
export const AdjustTradeInputSchema = z.object({
  amount: nairaAmount('amount'),
  reason: z
    .string({ error: TRADE_REVIEW_MESSAGES.REASON_REQUIRED })
    .trim()
    .min(1, TRADE_REVIEW_MESSAGES.REASON_REQUIRED)
    .max(ADJUSTMENT_REASON_MAX_LENGTH, TRADE_REVIEW_MESSAGES.REASON_TOO_LONG),
});
export type AdjustTradeInput = z.infer<typeof AdjustTradeInputSchema>;

export const RejectTradeInputSchema = z.object({
  reason: TradeRejectionReasonSchema,
  note: z.string().trim().max(500, 'The note can be at most 500 characters').optional(),
  /** From `POST /admin/trades/{id}/rejection_proof`: the proof image the seller will see. */
  proof_id: z.string().trim().max(64).optional(),
});
export type RejectTradeInput = z.infer<typeof RejectTradeInputSchema>;
