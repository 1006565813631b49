import { z } from 'zod';
import { CURRENCY, REFERRAL_STATUSES } from '../constants';
import { PageMetaSchema, PageQuerySchema } from './common';

/** `GET /transaction/wallet/{user_id}`: naira, computed from kobo on the server. */
export const WalletSchema = z.object({
  /** What the user can withdraw now. */
  balance: z.number(),
  /** Held for withdrawals that have not finished yet. */
  pending_withdrawals: z.number(),
  currency: z.literal(CURRENCY),
});
export type Wallet = z.infer<typeof WalletSchema>;

const STATEMENT_ENTRY_KINDS = [
  'trade_credit',
  'referral_reward',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_fee',
  'withdrawal_reversal',
] as const;

/** One line of the wallet statement: a posting to the user's wallet. */
export const StatementEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  description: z.string(),
  /** Naira; negative when money left the wallet. */
  amount: z.number(),
  /** The wallet balance right after this entry. */
  balance_after: z.number(),
  /** What the entry is for, such as the trade's reference. */
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

export const StatementQuerySchema = PageQuerySchema;

/** Someone who registered with the user's code, and what it earned (first name only). */
const ReferralSchema = z.object({
  id: z.string(),
  referred_name: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  reward: z.number(),
  joined_at: z.string(),
  rewarded_at: z.string().nullable(),
});
export type Referral = z.infer<typeof ReferralSchema>;

export const ReferralListSchema = z.object({
  data: z.array(ReferralSchema),
  meta: PageMetaSchema,
  /** Naira earned from every rewarded referral. */
  total_earned: z.number(),
});
export type ReferralList = z.infer<typeof ReferralListSchema>;
