import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from '../constants';
import { PageQuerySchema } from './common';
import { WithdrawalSchema } from './withdrawals';

/** The money desk (`/api/v1/admin/withdrawals`): operators watch, re-check and fail payouts. */
const WITHDRAWAL_DESK_MESSAGES = {
  REASON_REQUIRED: 'Give the reason for failing this payout',
  REASON_TOO_LONG: 'The reason can be at most 500 characters',
} as const;

/** A payout still processing after this long is stuck: it is counted, listed first and may be failed. */
export const STUCK_PAYOUT_MINUTES = 60;
/** Twenty to a page: operators work through a desk, not a phone-sized history. */
const WITHDRAWAL_DESK_PAGE_SIZE = 20;

/** The desk's filters: each withdrawal status, those the bank returned, and the stuck ones. */
const WITHDRAWAL_DESK_FILTERS = [...WITHDRAWAL_STATUSES, 'reversed', 'stuck'] as const;
export type WithdrawalDeskFilter = (typeof WITHDRAWAL_DESK_FILTERS)[number];

export const WithdrawalDeskQuerySchema = PageQuerySchema.extend({
  size: PageQuerySchema.shape.size.default(WITHDRAWAL_DESK_PAGE_SIZE),
  status: z
    .union([z.enum(WITHDRAWAL_DESK_FILTERS), z.literal('')], {
      error: `status must be one of ${WITHDRAWAL_DESK_FILTERS.join(', ')}`,
    })
    .optional()
    .transform((status) => (status ? status : undefined)),
  /**
   * A whole reference (`wd_…`) or 10-digit account number; the start of a reference (`wd_` and
   * 4 or more hex digits, or 6 or more alone); or the start of the seller's name or e-mail.
   */
  q: z.string().trim().max(254, 'The search can be at most 254 characters').optional(),
});
export type WithdrawalDeskQuery = z.infer<typeof WithdrawalDeskQuerySchema>;

export const WithdrawalIdParamsSchema = z.object({ id: z.string().max(64) });

export const FailWithdrawalInputSchema = z.object({
  reason: z
    .string({ error: WITHDRAWAL_DESK_MESSAGES.REASON_REQUIRED })
    .trim()
    .min(1, WITHDRAWAL_DESK_MESSAGES.REASON_REQUIRED)
    .max(500, WITHDRAWAL_DESK_MESSAGES.REASON_TOO_LONG),
});
export type FailWithdrawalInput = z.infer<typeof FailWithdrawalInputSchema>;

const PayoutAlertSchema = z.object({
  id: z.string(),
  withdrawal_id: z.string(),
  transaction_id: z.string(),
  /** `paid_after_refund`: the provider paid a withdrawal we had failed and refunded. */
  kind: z.string(),
  detail: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type PayoutAlert = z.infer<typeof PayoutAlertSchema>;

/** A row of the desk: the seller's withdrawal, who asked for it and how its payout stands. */
export const DeskWithdrawalSchema = WithdrawalSchema.extend({
  user: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  provider: z.string(),
  /** The provider's own words for a failure or a reversal; the seller reads `failure_reason`. */
  provider_reason: z.string().nullable(),
  processing_at: z.string().nullable(),
  attempts: z.number().int(),
  /** Processing for over STUCK_PAYOUT_MINUTES. */
  is_stuck: z.boolean(),
  /** An alert that nobody has resolved yet. */
  has_open_alert: z.boolean(),
});
export type DeskWithdrawal = z.infer<typeof DeskWithdrawalSchema>;

const LedgerMovementSchema = z.object({
  id: z.string(),
  kind: z.string(),
  description: z.string(),
  created_at: z.string(),
  /** Naira per account; they sum to zero. */
  postings: z.array(z.object({ account: z.string(), amount: z.number() })),
});

/** One line of the payout's story, oldest first. */
const DeskEventSchema = z.object({
  at: z.string(),
  /** `withdrawal` (its own steps), `provider` (an answer we got), `webhook`, `operator`, `alert`. */
  source: z.enum(['withdrawal', 'provider', 'webhook', 'operator', 'alert']),
  title: z.string(),
  detail: z.string().nullable(),
});
export type DeskEvent = z.infer<typeof DeskEventSchema>;

export const DeskWithdrawalDetailSchema = DeskWithdrawalSchema.extend({
  recipient_code: z.string().nullable(),
  movements: z.array(LedgerMovementSchema),
  events: z.array(DeskEventSchema),
  alerts: z.array(PayoutAlertSchema),
  /** Whether an admin may fail and refund it now (the server asks the provider again). */
  can_fail: z.boolean(),
});
export type DeskWithdrawalDetail = z.infer<typeof DeskWithdrawalDetailSchema>;

/** What the overview and the desk's banner show: counts kept off small partial indexes. */
export const WithdrawalDeskSummarySchema = z.object({
  stuck_count: z.number().int(),
  open_alert_count: z.number().int(),
  /** The newest open alerts, at most ten. */
  open_alerts: z.array(PayoutAlertSchema),
});
export type WithdrawalDeskSummary = z.infer<typeof WithdrawalDeskSummarySchema>;
