import { z } from 'zod';
import { RATE_FOUR_EYES_PERCENT } from '../constants';
import { AdminSubcategorySchema } from './catalog-admin';

/**
 * Rates that wait for a second person (decision 049): a rate more than RATE_FOUR_EYES_PERCENT
 * from the rate in force is not published but asked for (`/admin/catalog/rate_changes`), and
 * another staff member confirms it or sends it back.
 */

export const RATE_CHANGE_REASON_MAX_LENGTH = 500;

export const RATE_CHANGE_MESSAGES = {
  REASON_REQUIRED: 'Say why the rate is sent back',
  REASON_TOO_LONG: `The reason can be at most ${String(RATE_CHANGE_REASON_MAX_LENGTH)} characters`,
  NOT_FOUND: 'We could not find this rate change.',
} as const;

/** Why a rate waits, in the words of the publish's answer and the console alike. */
export const rateWaitsBecause = (count: number) =>
  `${count === 1 ? 'it moves' : 'they move'} more than ${String(RATE_FOUR_EYES_PERCENT)} %`;

/**
 * The publish's summary: "12 rates published. 2 wait for a second approval because they move
 * more than 20 %." (the second sentence only when some wait).
 */
export function ratePublishSummary(published: number, waiting: number): string {
  const done = `${String(published)} ${published === 1 ? 'rate' : 'rates'} published.`;
  if (waiting === 0) return done;
  return `${done} ${String(waiting)} ${waiting === 1 ? 'waits' : 'wait'} for a second approval because ${rateWaitsBecause(waiting)}.`;
}

/** A rate held back at publishing: the request a second person decides, and the rate asked. */
const WaitingRateChangeSchema = z.object({
  /** The request's id, for `/admin/catalog/rate_changes/{id}/confirm` and `/return`. */
  id: z.string(),
  /** The rate asked for; the subcategory's `rate` is still the rate in force. */
  rate: z.number(),
  /** The move from the rate in force, in percent to one decimal (−21.5 for a fall). */
  percent: z.number(),
});
export type WaitingRateChange = z.infer<typeof WaitingRateChangeSchema>;

/**
 * One subcategory in the answer of a publish (`POST /admin/catalog/rates`, `PATCH
 * /admin/catalog/subcategories/{id}`): the subcategory as it now is, and, when its new rate
 * waits for a second person, that request. The array and its fields are those of before.
 */
export const PublishedSubcategorySchema = AdminSubcategorySchema.extend({
  waiting_rate_change: WaitingRateChangeSchema.nullable(),
});
export type PublishedSubcategory = z.infer<typeof PublishedSubcategorySchema>;

const RATE_CHANGE_REQUEST_STATUSES = ['waiting', 'confirmed', 'returned', 'superseded'] as const;

const StaffNameSchema = z.object({ id: z.string(), name: z.string() });

/** A rate change asked for, as the console's list and the decisions answer it. */
export const RateChangeRequestSchema = z.object({
  id: z.string(),
  subcategory_id: z.string(),
  card_name: z.string(),
  subcategory_name: z.string(),
  /** "Card / Subcategory", as the rate sheet names the line. */
  label: z.string(),
  currency: z.string(),
  /** The rate in force when it was asked for. */
  from_rate: z.number(),
  /** The rate asked for. */
  to_rate: z.number(),
  /** The rate in force now: when it is not from_rate, the request can no longer be confirmed. */
  current_rate: z.number(),
  /** The move from from_rate, in percent to one decimal. */
  percent: z.number(),
  status: z.enum(RATE_CHANGE_REQUEST_STATUSES),
  requested_by: StaffNameSchema,
  requested_at: z.string(),
  decided_by: StaffNameSchema.nullable(),
  decided_at: z.string().nullable(),
  return_reason: z.string().nullable(),
});
export type RateChangeRequest = z.infer<typeof RateChangeRequestSchema>;

export const RateChangeIdParamsSchema = z.object({ id: z.string().max(64) });

/** `POST /admin/catalog/rate_changes/{id}/return`: why it goes back, for whoever asked. */
export const ReturnRateChangeInputSchema = z.object({
  reason: z
    .string({ error: RATE_CHANGE_MESSAGES.REASON_REQUIRED })
    .trim()
    .min(1, RATE_CHANGE_MESSAGES.REASON_REQUIRED)
    .max(RATE_CHANGE_REASON_MAX_LENGTH, RATE_CHANGE_MESSAGES.REASON_TOO_LONG),
});
export type ReturnRateChangeInput = z.infer<typeof ReturnRateChangeInputSchema>;
