import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { PageQuerySchema } from './common';

/** How many Lagos days the rate sheet's sparkline covers, ending today. */
export const RATE_SHEET_DAYS = 30;
/** The sheet pages at the largest page the API conventions allow (docs/ARCHITECTURE.md#api-conventions): the table loads as it scrolls. */
const RATE_SHEET_PAGE_SIZE = MAX_PAGE_SIZE;
/** A pasted sheet is matched in one call; 10,000 lines covers the whole catalog at scale. */
export const RATE_SHEET_MAX_LINES = 10_000;

const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * The rate sheet's filters: `card` is part of a card's name (any case), `currency` an ISO code,
 * `active` true or false (blank: both). Shared by the paged read and the CSV export.
 */
export const RateSheetFilterSchema = z.object({
  card: z.string().trim().max(80, 'card can be at most 80 characters').optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(CURRENCY_CODE, 'currency must be an ISO code such as USD')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  active: z
    .enum(['true', 'false'], { error: 'active must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type RateSheetFilter = z.input<typeof RateSheetFilterSchema>;

/**
 * The filters, page and size; a page is 50 rows unless asked otherwise (the largest the API conventions allow: docs/ARCHITECTURE.md#api-conventions).
 * `after`, the id of the last row already shown, asks for the rows that follow it: the table
 * scrolls on from there at the cost of page 1 however deep it is, where `page` alone makes
 * the database walk every row before the page.
 */
export const RateSheetQuerySchema = RateSheetFilterSchema.extend({
  page: PageQuerySchema.shape.page,
  size: PageQuerySchema.shape.size.unwrap().default(RATE_SHEET_PAGE_SIZE),
  after: z.uuid({ error: 'after must be the id of a row of the sheet' }).optional(),
});

/** One line of the sheet as a pasted sheet is matched against it. */
export const RateSheetEntrySchema = z.object({
  id: z.string(),
  /** "Card / Subcategory": how the CSV names the line (see rate-sheet.ts). */
  label: z.string(),
  currency: z.string(),
  rate: z.number(),
});
export type RateSheetEntry = z.infer<typeof RateSheetEntrySchema>;

export const RateSheetRowSchema = RateSheetEntrySchema.extend({
  card_id: z.string(),
  card_name: z.string(),
  name: z.string(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  active: z.boolean(),
  /** The latest rate change (creation included); `by` is null for the seed and the system. */
  last_change: z.object({ by: z.string().nullable(), at: z.string() }).nullable(),
  /** The rate at the end of each of the last 30 Lagos days, oldest first; null before it had one. */
  closing_rates: z.array(z.number().nullable()),
});
export type RateSheetRow = z.infer<typeof RateSheetRowSchema>;

export const RateSheetMatchInputSchema = z.object({
  keys: z
    .array(z.string().trim().min(1).max(200))
    .min(1, 'keys needs at least one item')
    .max(RATE_SHEET_MAX_LINES, `keys can have at most ${String(RATE_SHEET_MAX_LINES)} items`),
});
