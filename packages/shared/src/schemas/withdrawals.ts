import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from '../constants';
import { MESSAGES as M } from '../messages';
import { DateQuerySchema, hasAtMostTwoDecimals, PageQuerySchema } from './common';
import { PinSchema } from './fields';
import { BankAccountInputSchema, FINANCE_MESSAGES } from './finance';
import { KycStateSchema, KycTierLimitsSchema } from './kyc';

export const WITHDRAWAL_MESSAGES = {
  AMOUNT_REQUIRED: 'Enter the amount to withdraw',
  AMOUNT_INVALID: 'Enter a naira amount with at most 2 decimals',
  ACCOUNT_REQUIRED: 'Choose where the money should go',
} as const;

const amount = z
  .number({ error: WITHDRAWAL_MESSAGES.AMOUNT_REQUIRED })
  .positive(WITHDRAWAL_MESSAGES.AMOUNT_REQUIRED)
  .max(1_000_000_000, WITHDRAWAL_MESSAGES.AMOUNT_INVALID)
  .refine(hasAtMostTwoDecimals, WITHDRAWAL_MESSAGES.AMOUNT_INVALID);

/**
 * `POST /transaction/withdrawal_request/{user_id}`, with an `Idempotency-Key` header: either
 * `beneficiary_account_id` (a saved account), or `bank_id` + `account_bank` + `account_number`
 * typed in now, optionally saved with `add_as_beneficiary`.
 */
export const WithdrawalRequestInputSchema = z
  .object({
    amount,
    pin: PinSchema(M.PIN_REQUIRED),
    beneficiary_account_id: z.string().trim().min(1).max(64).optional(),
    bank_id: BankAccountInputSchema.shape.bank_id.optional(),
    account_bank: BankAccountInputSchema.shape.account_bank.optional(),
    account_number: BankAccountInputSchema.shape.account_number.optional(),
    add_as_beneficiary: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    if (input.beneficiary_account_id) return;
    if (input.bank_id === undefined && input.account_number === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['beneficiary_account_id'],
        message: WITHDRAWAL_MESSAGES.ACCOUNT_REQUIRED,
      });
      return;
    }
    if (input.bank_id === undefined || input.account_bank === undefined) {
      ctx.addIssue({ code: 'custom', path: ['bank_id'], message: FINANCE_MESSAGES.BANK_REQUIRED });
    }
    if (input.account_number === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['account_number'],
        message: FINANCE_MESSAGES.ACCOUNT_NUMBER_REQUIRED,
      });
    }
  });
export type WithdrawalRequestInput = z.infer<typeof WithdrawalRequestInputSchema>;

const statusFilter = z
  .union([z.enum(WITHDRAWAL_STATUSES), z.literal('')], {
    error: `status must be one of ${WITHDRAWAL_STATUSES.join(', ')}`,
  })
  .optional()
  .transform((status) => (status ? status : undefined));

export const WithdrawalListQuerySchema = PageQuerySchema.extend({
  status: statusFilter,
  date_query: DateQuerySchema,
  transaction_id: z.string().trim().max(64).optional(),
});
export type WithdrawalListQuery = z.infer<typeof WithdrawalListQuerySchema>;

const WithdrawalTimelineEntrySchema = z.object({
  status: z.enum(['requested', 'processing', 'successful', 'failed', 'reversed']),
  at: z.string(),
});

export const WithdrawalSchema = z.object({
  id: z.string(),
  /** The reference the bank transfer carries (`wd_…`); also opens the detail. */
  transaction_id: z.string(),
  amount: z.number(),
  fee: z.number(),
  total: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  failure_reason: z.string().nullable(),
  /** Sent by automatic withdrawal (decision 038), not asked for on the withdraw screen. */
  is_automatic: z.boolean(),
  /** The approved trade whose credit an automatic withdrawal sends; null otherwise. */
  trade_id: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Set when the bank returned a payout after it had succeeded; the money is back in the wallet. */
  reversed_at: z.string().nullable(),
  timeline: z.array(WithdrawalTimelineEntrySchema),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** What the withdraw screen needs to show the fee, the limits and the total before asking. */
export const WithdrawalTermsSchema = z.object({
  fee: z.number(),
  min_amount: z.number(),
  max_amount: z.number(),
  daily_limit: z.number(),
  /** What is left of today's limit (Lagos day): the tier's or the platform's, the lower. */
  daily_remaining: z.number(),
  /** The seller's tier and its room today, as `current_user` says it (decision 063). */
  kyc: KycStateSchema,
  /** Every tier's limits, for the words that say what raises them. */
  tiers: z.array(KycTierLimitsSchema),
});
export type WithdrawalTerms = z.infer<typeof WithdrawalTermsSchema>;
