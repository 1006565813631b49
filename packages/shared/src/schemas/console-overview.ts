import { z } from 'zod';
import { WithdrawalDeskSummarySchema } from './withdrawal-desk';

/**
 * The console overview (`GET /api/v1/admin/overview`, decision 022): live figures read from running
 * totals (decision 022). "Today" is the Lagos day (Africa/Lagos) of `as_of`. Money is naira with
 * at most two decimals, computed from kobo on the server.
 */
const count = z.number().int().nonnegative();
const naira = z.number().nonnegative();

/**
 * Submission-to-decision time of today's approvals and rejections, in seconds, read from a
 * histogram: each figure is the upper edge of its bucket, so it is at most a minute high up to
 * two hours, ten minutes up to a day, an hour beyond. Null before the day's first decision.
 */
const DecisionTimesSchema = z.object({
  decided: count,
  median_seconds: count.nullable(),
  p90_seconds: count.nullable(),
});

export const ConsoleOverviewSchema = z.object({
  /** When the figures were read, and the Lagos day (yyyy-MM-dd) "today" means. */
  as_of: z.string(),
  lagos_day: z.string(),
  trades: z.object({
    /** Waiting for an operator now, and since when the oldest has waited. */
    pending: count,
    oldest_pending_at: z.string().nullable(),
    /** Waiting on the seller's answer to an operator's question. */
    info_requested: count,
    /** Approved once, waiting for a second operator (four eyes). */
    awaiting_second_approval: count,
    approved_today: count,
    rejected_today: count,
    /** Naira credited to sellers by today's approvals. */
    credited_today: naira,
    decision_times: DecisionTimesSchema,
  }),
  referrals: z.object({
    rewarded_today: count,
    rewards_today: naira,
  }),
  withdrawals: z.object({
    pending: count,
    processing: count,
    /** Pending and processing: the payouts not finished yet. */
    in_flight: count,
    /** Naira the payout provider must hold for the payouts in flight. */
    float: naira,
    /** Unfinished for over an hour (the money desk's "stuck" list). */
    stuck: count,
    paid_today: count,
    paid_today_amount: naira,
    failed_today: count,
    failed_today_amount: naira,
  }),
  accounts: z.object({
    /** Sellers who registered today (staff accounts are not counted). */
    new_today: count,
  }),
  /** The support desk (decision 070): conversations waiting for an answer, and the oldest wait. */
  support: z.object({
    open: count,
    oldest_waiting_since: z.string().nullable(),
  }),
  payout_alerts: z.object({
    open_count: count,
    /** The newest open alerts, at most ten. */
    open: WithdrawalDeskSummarySchema.shape.open_alerts,
  }),
});
export type ConsoleOverview = z.infer<typeof ConsoleOverviewSchema>;

const RESOLVE_MESSAGES = {
  NOTE_REQUIRED: 'Write what was done about this alert',
  NOTE_TOO_LONG: 'The note can be at most 500 characters',
} as const;

export const PayoutAlertIdParamsSchema = z.object({ id: z.string().max(64) });

/** An admin closes an alert with what was done (the money recovered, the seller contacted…). */
export const ResolvePayoutAlertInputSchema = z.object({
  note: z
    .string({ error: RESOLVE_MESSAGES.NOTE_REQUIRED })
    .trim()
    .min(1, RESOLVE_MESSAGES.NOTE_REQUIRED)
    .max(500, RESOLVE_MESSAGES.NOTE_TOO_LONG),
});
export type ResolvePayoutAlertInput = z.infer<typeof ResolvePayoutAlertInputSchema>;
export const PayoutAlertSchema = WithdrawalDeskSummarySchema.shape.open_alerts.element;
