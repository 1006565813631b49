import { z } from 'zod';
import { CURRENCY, REFERRAL_STATUSES } from '../constants';
import { formatMonthName, isCalendarMonth } from '../dates';
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

/**
 * `GET /transaction/statement/{user_id}/download` (decision 042): one Lagos calendar
 * month of the wallet as a CSV file or a one-page PDF.
 */
const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_MESSAGES = {
  BAD_MONTH: 'Give the month as YYYY-MM, such as 2026-11',
  BAD_FORMAT: 'format must be csv or pdf',
  FUTURE_MONTH: 'That month has not started yet. Choose this month or an earlier one.',
  beforeAccount: (firstMonth: string) =>
    `Your account was opened in ${formatMonthName(firstMonth)}. Choose that month or a later one.`,
} as const;

export const StatementDownloadQuerySchema = z.object({
  month: z
    .string({ error: STATEMENT_MESSAGES.BAD_MONTH })
    .trim()
    .refine(isCalendarMonth, STATEMENT_MESSAGES.BAD_MONTH)
    .meta({
      pattern: '^\\d{4}-\\d{2}$',
      description: 'A Lagos calendar month, YYYY-MM.',
      example: '2026-11',
    }),
  format: z.enum(STATEMENT_FORMATS, { error: STATEMENT_MESSAGES.BAD_FORMAT }),
});

/** `karta-statement-2026-11.csv`, as the download is saved. */
export const statementFileName = (month: string, format: StatementFormat) =>
  `karta-statement-${month}.${format}`;

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
