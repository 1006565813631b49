import { z } from 'zod';
import { TRADE_REJECTION_REASON_CODES } from '@karta/shared/constants';

/** The API's limit on a review note (ApproveTradeInputSchema, RejectTradeInputSchema). */
export const NOTE_MAX_LENGTH = 500;
const NOTE_TOO_LONG = `The note can be at most ${String(NOTE_MAX_LENGTH)} characters`;
/** The API's ceiling on a naira amount. */
const MAX_NAIRA = 1_000_000_000;

const REVIEW_MESSAGES = {
  FINAL_VALUE_REQUIRED: 'Enter the naira to credit',
  FINAL_VALUE_FORMAT: 'Enter naira with at most 2 decimals, e.g. 118000.50',
  FINAL_VALUE_POSITIVE: 'The naira to credit must be more than ₦0.00',
  FINAL_VALUE_TOO_LARGE: 'That is more than one trade can credit',
  REASON_REQUIRED: 'Choose why the trade is rejected',
  NOTE_REQUIRED_FOR_OTHER: 'Write a note: with "Other" the seller learns the reason from it',
} as const;

/** "118,000.5" or "118000.50" as naira; null when it is not naira with at most 2 decimals. */
export function parseNaira(text: string): number | null {
  const clean = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Number(clean);
}

/** Naira as the field shows it: two decimals, no separators ("118000.00"). */
export const nairaFieldValue = (naira: number) => naira.toFixed(2);

export const ApproveFormSchema = z.object({
  finalValue: z.string().superRefine((text, ctx) => {
    if (!text.trim()) {
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.FINAL_VALUE_REQUIRED });
      return;
    }
    const naira = parseNaira(text);
    if (naira === null)
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.FINAL_VALUE_FORMAT });
    else if (naira <= 0)
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.FINAL_VALUE_POSITIVE });
    else if (naira > MAX_NAIRA)
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.FINAL_VALUE_TOO_LARGE });
  }),
  note: z.string().max(NOTE_MAX_LENGTH, NOTE_TOO_LONG),
});
export type ApproveFormValues = z.infer<typeof ApproveFormSchema>;

export const RejectFormSchema = z
  .object({
    reason: z.union([z.enum(TRADE_REJECTION_REASON_CODES), z.literal('')]),
    note: z.string().max(NOTE_MAX_LENGTH, NOTE_TOO_LONG),
  })
  .superRefine(({ reason, note }, ctx) => {
    if (!reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REVIEW_MESSAGES.REASON_REQUIRED });
    } else if (reason === 'other' && !note.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: REVIEW_MESSAGES.NOTE_REQUIRED_FOR_OTHER,
      });
    }
  });
export type RejectFormValues = z.infer<typeof RejectFormSchema>;

/** The note as the API takes it: left out when blank. */
export const noteOf = (note: string) => (note.trim() ? { note: note.trim() } : {});

/** One required message (a question for the seller, why an approval goes back). */
export const messageFormSchema = (required: string) =>
  z.object({
    message: z
      .string()
      .refine((text) => text.trim().length > 0, required)
      .refine((text) => text.trim().length <= NOTE_MAX_LENGTH, NOTE_TOO_LONG),
  });
export type MessageFormValues = { message: string };
