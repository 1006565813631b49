import { z } from 'zod';
import { findRateTargetProblem, RATE_REQUIRED } from '../rate-alert-rules';

/**
 * The rate a seller waits for: naira per unit of the card's currency, above 0, at most two
 * decimals, as a JSON number or text (the form sends what was typed). The server turns the text
 * into kobo without floating point.
 */
const RateAlertTargetSchema = z
  .union([z.number(), z.string()], { error: RATE_REQUIRED })
  .transform((value) => String(value).trim())
  .superRefine((text, check) => {
    const problem = findRateTargetProblem(text);
    if (problem) check.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    description:
      'The naira rate to be told about: above the rate now, at most 2 decimals; a JSON number or the same as text.',
    example: 1500,
  });

export const RateAlertInputSchema = z.object({
  subcategory_id: z
    .string({ error: 'Choose a subcategory' })
    .trim()
    .min(1, 'Choose a subcategory')
    .max(64),
  rate: RateAlertTargetSchema,
});

/** Like the beneficiary delete (docs/product.md §7): the body names the account and the alert. */
export const DeleteRateAlertInputSchema = z.object({
  user_id: z.string({ error: 'user_id is required' }).max(64),
  rate_alert_id: z.string({ error: 'rate_alert_id is required' }).max(64),
});
export type DeleteRateAlertInput = z.infer<typeof DeleteRateAlertInputSchema>;

export const RateAlertSchema = z.object({
  id: z.string(),
  subcategory_id: z.string(),
  card_name: z.string(),
  subcategory_name: z.string(),
  /** The card's own currency: the rates are naira per one unit of it. */
  currency: z.string(),
  /** The rate the seller waits for, naira with at most 2 decimals. */
  target_rate: z.number(),
  /** The published rate now. */
  current_rate: z.number(),
  /** False while the card or the subcategory is not being bought: the alert waits. */
  is_on_sale: z.boolean(),
  /** When the alert last fired (ISO 8601), and at what rate; null until it has. */
  last_fired_at: z.string().nullable(),
  last_fired_rate: z.number().nullable(),
  created_at: z.string(),
});
export type RateAlert = z.infer<typeof RateAlertSchema>;
