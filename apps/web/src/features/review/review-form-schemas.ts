import { z } from 'zod';
import { TRADE_REJECTION_REASON_CODES } from '@karta/shared/constants';
import { TRADE_REVIEW_MESSAGES } from '@karta/shared/schemas/trades';

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
  ADJUST_AMOUNT_REQUIRED: 'Enter the naira to add',
  ADJUST_AMOUNT_FORMAT: 'Enter naira with at most 2 decimals, e.g. 90000.50',
  ADJUST_AMOUNT_POSITIVE: 'The naira to add must be more than ₦0.00',
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

/** A naira field's words: blank, not naira, zero or less, more than the API takes. */
interface NairaWords {
  required: string;
  format: string;
  positive: string;
  tooLarge: string;
}

/** Naira typed into a field: required, at most 2 decimals, above zero, within the API's ceiling. */
const nairaText = (words: NairaWords) =>
  z.string().superRefine((text, ctx) => {
    if (!text.trim()) {
      ctx.addIssue({ code: 'custom', message: words.required });
      return;
    }
    const naira = parseNaira(text);
    if (naira === null) ctx.addIssue({ code: 'custom', message: words.format });
    else if (naira <= 0) ctx.addIssue({ code: 'custom', message: words.positive });
    else if (naira > MAX_NAIRA) ctx.addIssue({ code: 'custom', message: words.tooLarge });
  });

export const ApproveFormSchema = z.object({
  finalValue: nairaText({
    required: REVIEW_MESSAGES.FINAL_VALUE_REQUIRED,
    format: REVIEW_MESSAGES.FINAL_VALUE_FORMAT,
    positive: REVIEW_MESSAGES.FINAL_VALUE_POSITIVE,
    tooLarge: REVIEW_MESSAGES.FINAL_VALUE_TOO_LARGE,
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

/**
 * An admin's addition to an approved trade's credit (AdjustTradeInputSchema): naira with two
 * decimals and the reason, which the audit log keeps.
 */
export const AdjustFormSchema = z.object({
  amount: nairaText({
    required: REVIEW_MESSAGES.ADJUST_AMOUNT_REQUIRED,
    format: REVIEW_MESSAGES.ADJUST_AMOUNT_FORMAT,
    positive: REVIEW_MESSAGES.ADJUST_AMOUNT_POSITIVE,
    tooLarge: REVIEW_MESSAGES.FINAL_VALUE_TOO_LARGE,
  }),
  reason: z
    .string()
    .refine((text) => text.trim().length > 0, TRADE_REVIEW_MESSAGES.REASON_REQUIRED)
    .refine((text) => text.trim().length <= NOTE_MAX_LENGTH, TRADE_REVIEW_MESSAGES.REASON_TOO_LONG),
});
export type AdjustFormValues = z.infer<typeof AdjustFormSchema>;
