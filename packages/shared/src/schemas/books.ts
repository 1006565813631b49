import { z } from 'zod';
import { isCalendarDate } from '../dates';

/**
 * The books (`GET /api/v1/admin/reports/daily`, decision 026): per Lagos day, read
 * from running totals kept as the money moves. Money is naira with at most two decimals,
 * computed from kobo on the server; `?format=csv` answers the same days as a CSV file.
 */

/** The longest range one request may ask for: a year and a day, so a leap year fits. */
export const BOOKS_MAX_DAYS = 366;
/** The range the books open on: the last 30 Lagos days, today included. */
export const BOOKS_DEFAULT_DAYS = 30;

const BOOKS_MESSAGES = {
  BAD_DAY: 'Give the day as YYYY-MM-DD',
  DAYS_IN_ORDER: 'The first day must be on or before the last day',
  TOO_LONG: `Choose at most ${String(BOOKS_MAX_DAYS)} days`,
  BAD_FORMAT: 'format must be json or csv',
} as const;

const day = z
  .string()
  .trim()
  .refine((text) => text === '' || isCalendarDate(text), BOOKS_MESSAGES.BAD_DAY)
  .optional()
  .transform((text) => text || undefined)
  // What the API document shows (the check is the refine above).
  .meta({
    pattern: '^(\\d{4}-\\d{2}-\\d{2})?$',
    description: 'A Lagos calendar day, YYYY-MM-DD (blank: none).',
    example: '2026-11-28',
  });

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** Lagos days, both included; either left out, the server fills it in (last 30 days to today). */
export const BooksQuerySchema = z
  .object({
    from: day,
    to: day,
    format: z.enum(['json', 'csv'], { error: BOOKS_MESSAGES.BAD_FORMAT }).default('json'),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: BOOKS_MESSAGES.DAYS_IN_ORDER });
    } else if (daysBetween(query.from, query.to) > BOOKS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: BOOKS_MESSAGES.TOO_LONG });
    }
  });
export type BooksQuery = z.infer<typeof BooksQuerySchema>;

const count = z.number().int().nonnegative();
const naira = z.number().nonnegative();

const BooksDaySchema = z.object({
  /** The Lagos day, yyyy-MM-dd. */
  day: z.string(),
  trades_submitted: count,
  trades_approved: count,
  trades_rejected: count,
  /** Face value of the day's approvals in each card currency, with cents (USD 150.5 …). */
  face_value_approved: z.array(
    z.object({ currency: z.string(), amount: z.number().nonnegative() }),
  ),
  /** Naira credited to sellers' wallets for approved trades. */
  credited: naira,
  referral_rewards: count,
  referral_rewards_amount: naira,
  /** Requested: held from sellers' wallets, amount and fee. */
  withdrawals_requested: count,
  withdrawals_requested_amount: naira,
  /** Paid: sent to sellers' banks, the amount without the fee. */
  withdrawals_paid: count,
  withdrawals_paid_amount: naira,
  /** Failed or returned by the bank: given back to sellers' wallets, amount and fee. */
  withdrawals_failed: count,
  withdrawals_failed_amount: naira,
  /** Fees kept on the day's paid withdrawals, less fees given back on returned ones. */
  fees_earned: z.number(),
  /** Sellers' wallets and withdrawal holds together at the end of the day. */
  float_end_of_day: naira,
});
export type BooksDay = z.infer<typeof BooksDaySchema>;

export const BooksSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One entry per day of the range, oldest first; a quiet day is all zeros. */
  days: z.array(BooksDaySchema),
});
export type Books = z.infer<typeof BooksSchema>;
