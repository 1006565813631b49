import { z } from 'zod';
import { ACCOUNT_STATUSES, ROLES } from '../constants';
import { PageMetaSchema } from './common';
import { ReferralListSchema, StatementEntrySchema, WalletSchema } from './wallet';
import { TradeSchema } from './trades';
import { WithdrawalSchema } from './withdrawals';
import { AccountApprovalSchema } from './beneficiaries';

/** Twenty sellers to a page: the desk is a search, not a phone-sized history. */
export const SELLER_PAGE_SIZE = 20;
/** A search stops counting here: an operator refines a broader one instead of paging it. */
export const SELLER_SEARCH_CAP = 200;
const SELLER_REASON_MIN = 5;
export const SELLER_REASON_MAX = 500;
export const SELLER_NOT_FOUND = 'We could not find this account.';

/** `GET /admin/users?q=`: e-mail, phone, name or referral code, by prefix, any case. */
export const SellerSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type at least 2 characters to search' })
    .trim()
    .min(2, 'Type at least 2 characters to search')
    .max(100, 'Search with at most 100 characters'),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int()
    .min(1)
    .max(SELLER_SEARCH_CAP / SELLER_PAGE_SIZE, 'Refine the search to see more sellers')
    .default(1),
});
export type SellerSearchQuery = z.infer<typeof SellerSearchQuerySchema>;

export const SellerIdParamsSchema = z.object({ id: z.string().max(64) });

const SellerStatusSchema = z.enum(ACCOUNT_STATUSES);

/** One row of the search. */
const SellerSummarySchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  referral_code: z.string(),
  role: z.enum(ROLES),
  status: SellerStatusSchema,
  kyc_verified: z.boolean(),
  created_at: z.string(),
});
export type SellerSummary = z.infer<typeof SellerSummarySchema>;

export const SellerSearchResultSchema = z.object({
  data: z.array(SellerSummarySchema),
  meta: PageMetaSchema,
  /** True when more than SELLER_SEARCH_CAP accounts match: the total is a floor. */
  is_capped: z.boolean(),
});
export type SellerSearchResult = z.infer<typeof SellerSearchResultSchema>;

/** A signed-in device: one refresh-token family still alive. */
const SellerSessionSchema = z.object({
  device: z.string(),
  signed_in_at: z.string(),
  last_active_at: z.string(),
  expires_at: z.string(),
});

/** One console action on the account, or the PIN lock that the account itself caused. */
const SellerActionSchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_name: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type SellerAction = z.infer<typeof SellerActionSchema>;

/** `GET /admin/users/{id}`: the seller page, each list its newest page. */
export const SellerProfileSchema = SellerSummarySchema.extend({
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  bvn_last4: z.string().nullable(),
  kyc_verified_at: z.string().nullable(),
  /** The KYC tier (decision 063) and the verified NIN's last four digits. */
  kyc_tier: z.number().int().min(0).max(3),
  nin_last4: z.string().nullable(),
  /** Two-step sign-in is on: an authenticator app or a passkey (decisions 061, 062). */
  two_factor_on: z.boolean(),
  has_pin: z.boolean(),
  /** Set while five wrong PINs keep withdrawals locked. */
  pin_locked_until: z.string().nullable(),
  wallet: WalletSchema,
  statement: z.object({ data: z.array(StatementEntrySchema), meta: PageMetaSchema }),
  trades: z.object({ data: z.array(TradeSchema), meta: PageMetaSchema }),
  withdrawals: z.object({ data: z.array(WithdrawalSchema), meta: PageMetaSchema }),
  referrals: ReferralListSchema,
  sessions: z.array(SellerSessionSchema),
  flags: z.object({
    rejected_trades_30_days: z.number().int(),
    /** The seller's trades with the same e-code or a near photo as another trade (any seller). */
    duplicate_cards: z.number().int(),
  }),
  actions: z.array(SellerActionSchema),
  /**
   * The seller's requests to withdraw to an account not in their own name, newest first
   * (decision 064): an operator approves or declines the pending ones here.
   */
  account_approvals: z.array(AccountApprovalSchema),
});
export type SellerProfile = z.infer<typeof SellerProfileSchema>;

const reasonText = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(SELLER_REASON_MIN, `Give a reason of at least ${String(SELLER_REASON_MIN)} characters`)
  .max(SELLER_REASON_MAX, `Keep the reason under ${String(SELLER_REASON_MAX)} characters`);

/** Suspend, unsuspend and PIN unlock all say why; the audit log keeps it. */
export const SellerActionInputSchema = z.object({ reason: reasonText });
export type SellerActionInput = z.infer<typeof SellerActionInputSchema>;

/** An admin lowers a seller's KYC tier (decision 063): to which tier, and why (audited). */
export const LowerKycTierInputSchema = SellerActionInputSchema.extend({
  tier: z
    .number({ error: 'Choose the tier to lower to' })
    .int('Choose the tier to lower to')
    .min(0, 'Choose the tier to lower to')
    .max(2, 'Choose the tier to lower to'),
});
export type LowerKycTierInput = z.infer<typeof LowerKycTierInputSchema>;
