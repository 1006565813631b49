import { z } from 'zod';
import { PageMetaSchema } from './common';

/** What a notice can be about (decisions 036 and 040): each says what happened, in words and with a link. */
export const NOTICE_KINDS = [
  'trade_approved',
  'trade_rejected',
  'info_requested',
  'counter_offer',
  'withdrawal_paid',
  'withdrawal_failed',
  'referral_earned',
  'rate_alert',
  /** Automatic withdrawal was turned off by a rule (a failed payout, a suspension...). */
  'auto_withdrawal_off',
  /** One approved trade's credit stayed in the wallet: the limits did not allow sending it. */
  'auto_withdrawal_skipped',
  /** Two-step sign-in was turned on, turned off (by the seller or reset by an admin). */
  'two_factor_on',
  'two_factor_off',
  /** A recovery code was spent: one fewer is left. */
  'recovery_code_used',
  /** A passkey was added to the account, or removed from it (decision 062). */
  'passkey_added',
  'passkey_removed',
  /** The seller's data was downloaded (the data export): told so a stranger's download is noticed. */
  'data_exported',
  /** An operator answered the seller's request to use an account not in their name (064). */
  'account_approved',
  'account_declined',
  /** Tier 3's documents were approved by an operator, or sent back with the reason (decision 066). */
  'kyc_approved',
  'kyc_rejected',
  /** An admin lowered the seller's KYC tier (decision 063). */
  'kyc_tier_lowered',
  /** The Karta team wrote in one of the seller's conversations (decision 070). */
  'support_message',
] as const;
const NoticeKindSchema = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof NoticeKindSchema>;

const NoticeSchema = z.object({
  id: z.uuid(),
  kind: NoticeKindSchema,
  title: z.string(),
  body: z.string(),
  /** A path of the web app, such as /dashboard/transaction-history/trades/{id}; null for none. */
  link: z.string().nullable(),
  created_at: z.string(),
  is_read: z.boolean(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/** A page of notices, newest first, with how many of all the seller's notices are unread. */
export const NoticeListSchema = z.object({
  data: z.array(NoticeSchema),
  meta: PageMetaSchema,
  unread_count: z.number().int().min(0),
});
export type NoticeList = z.infer<typeof NoticeListSchema>;
