/** Business constants from docs/product.md §9 and docs/ARCHITECTURE.md#domain-rules. One home for every number both apps use. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PIN_LENGTH = 4;
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_RESEND_SECONDS = 30;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS_PER_HOUR = 5;

export const PHONE_PREFIX = '+234';
export const PHONE_DIGITS = 10;
export const BANK_ACCOUNT_DIGITS = 10;
export const MIN_AGE_YEARS = 18;
export const YEAR_LIST_LENGTH = 100;

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 500;

export const REFERRAL_REWARD_KOBO = 500_00;
export const CURRENCY = 'NGN';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const PROACTIVE_REFRESH_LEAD_MS = 60_000;

export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const REFERRAL_CODE_MAX_LENGTH = 20;

export const DEVICES = ['web', 'ios', 'android'] as const;
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const ROLES = ['user', 'operator', 'admin'] as const;
export const ACCOUNT_STATUSES = [
  'pending_verification',
  'active',
  'deactivated',
  'suspended',
  'deleted',
] as const;
/** A seller's request to withdraw to an account not in their own name (decision 064). */
export const ACCOUNT_APPROVAL_STATUSES = ['pending', 'approved', 'declined'] as const;

export const USER_ID_STORAGE_KEY = 'user_id';
/** Below this width the dashboard sidebar becomes a drawer (docs/product.md §9). */
export const MOBILE_BREAKPOINT_PX = 768;
/** How long "Code copied!" / "Link copied!" stays (docs/product.md §9). */
export const COPY_FEEDBACK_MS = 2000;
export type DeviceKind = (typeof DEVICES)[number];

/**
 * Trades (docs/ARCHITECTURE.md#domain-rules): pending → approved | rejected, and pending → cancelled by the user;
 * pending ⇄ info_requested (an operator asks, the seller answers; the seller may still cancel);
 * pending → awaiting_second_approval → approved | pending (four eyes on a large credit);
 * an approval below the expected value → counter_offered → approved (the seller accepts) |
 * declined (the seller declines); with no answer in COUNTER_OFFER_HOURS, the seller's
 * if_no_answer choice decides.
 */
export const TRADE_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'info_requested',
  'awaiting_second_approval',
  'counter_offered',
  'declined',
] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
/** The statuses a seller may still cancel from: nobody has decided, nothing waits on money. */
export const TRADE_CANCELLABLE_STATUSES = ['pending', 'info_requested'] as const;
/**
 * A claimed trade's review page says it is still open this often while visible (decision 072),
 * and a claim silent for CLAIM_TAKEOVER_SILENCE_SECONDS may be taken over by another operator:
 * two heartbeats missed, so one slow request does not hand the trade away.
 */
export const CLAIM_HEARTBEAT_SECONDS = 30;
export const CLAIM_TAKEOVER_SILENCE_SECONDS = 60;
/** The statuses an operator works on (claims, decides): the queue and the second approval. */
export const TRADE_REVIEW_STATUSES = ['pending', 'awaiting_second_approval'] as const;
/**
 * The statuses of a trade nobody has finished deciding: what a catalog change still affects
 * (deactivating a card or subcategory leaves these to be decided at the rate they were given).
 */
export const TRADE_UNDECIDED_STATUSES = [
  'pending',
  'info_requested',
  'awaiting_second_approval',
] as const;
/**
 * Why a credit waits for a second staff member (decision 049): it is FOUR_EYES_KOBO or more on
 * its own; with what the same person credited the same seller today it reaches that sum; or,
 * for an adjustment, with what the same person already credited on that trade it does.
 */
export const FOUR_EYES_REASONS = ['large_credit', 'daily_total', 'trade_total'] as const;
export type FourEyesReason = (typeof FOUR_EYES_REASONS)[number];
/** What the seller and the console read while a credit waits for its second staff member. */
export const SECOND_APPROVAL_WAITING = 'Waiting for a second approval';
/** A rate this far (percent, either way) from the rate in force waits for a second person. */
export const RATE_FOUR_EYES_PERCENT = 20;
/** What happens to a counter-offer the seller does not answer in time: chosen at submission. */
export const IF_NO_ANSWER_CHOICES = ['accept', 'decline'] as const;
export type IfNoAnswer = (typeof IF_NO_ANSWER_CHOICES)[number];
/** How long the seller has to answer a counter-offer. */
export const COUNTER_OFFER_HOURS = 24;
/** Photos the seller may add with one answer to an operator's question. */
export const TRADE_ANSWER_IMAGES_MAX = 5;
/**
 * Photos one trade may hold in all: the first ten plus two full answers. A third answer with
 * photos is refused; the seller can still answer in words.
 */
export const TRADE_IMAGES_PER_TRADE_MAX = 20;
/** An operator's question, the seller's answer, or why an approval was sent back. */
export const TRADE_MESSAGE_MAX_LENGTH = 500;
export const TRADE_COMMENT_MAX_LENGTH = 500;
export const TRADE_IMAGES_MIN = 1;
export const TRADE_IMAGES_MAX = 10;
/** Per photo, before re-encoding. */
export const TRADE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the photo picker offers; the server decides by the bytes, not by this list. */
export const TRADE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;

/** Why an operator may reject a trade, and how the user is told. */
export const TRADE_REJECTION_REASONS = {
  already_used: 'The card has already been used.',
  invalid_code: 'The card code is not valid.',
  unclear_image: 'The card photo is not clear enough to read.',
  wrong_category: 'The card does not match the category you chose.',
  receipt_required: 'This card needs its purchase receipt. Upload the receipt with a new trade.',
  other: 'The card could not be accepted. See the note from our team.',
} as const;
export type TradeRejectionReason = keyof typeof TRADE_REJECTION_REASONS;
export const TRADE_REJECTION_REASON_CODES = Object.keys(TRADE_REJECTION_REASONS) as [
  TradeRejectionReason,
  ...TradeRejectionReason[],
];

export const REFERRAL_STATUSES = ['pending', 'rewarded', 'forfeited'] as const;

/** Withdrawals (docs/ARCHITECTURE.md#domain-rules): pending → processing → successful | failed. */
export const WITHDRAWAL_STATUSES = ['pending', 'processing', 'successful', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** ₦1,000: the smallest withdrawal. Fee and limits come from the server's configuration. */
export const MIN_WITHDRAWAL_KOBO = 1_000_00;
export const BVN_DIGITS = 11;
/** A National Identification Number (NIMC): 11 digits, like a BVN. */
export const NIN_DIGITS = 11;
/** Wrong PINs in a row before withdrawals lock, and for how long. */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 30;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
