import { z } from 'zod';
import { DEVICES, MAX_PAGE_SIZE } from '../constants';
import { PageQuerySchema } from './common';

/** The most a search answers: it has no paging (docs/product.md §7), so it needs a ceiling. */
export const CATALOG_SEARCH_LIMIT = MAX_PAGE_SIZE;
const RATE_HISTORY_DEFAULT_DAYS = 30;
const RATE_HISTORY_MAX_DAYS = 90;
/** A sanity ceiling for a rate in naira per unit; far above any real card. */
export const MAX_RATE_NAIRA = 1_000_000;
/** Naira with at most two decimals, as text: rates are parsed without floating point. */
export const NAIRA_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** Blank search text means no search: the client sends `card_name=` when the box is cleared. */
const searchText = z
  .string()
  .trim()
  .max(100, 'Search text can be at most 100 characters')
  .optional()
  .transform((text) => (text ? text : undefined));

export const GiftCardListQuerySchema = PageQuerySchema.extend({ card_name: searchText });
export type GiftCardListQuery = z.infer<typeof GiftCardListQuerySchema>;

export const SubcategoryListQuerySchema = PageQuerySchema.extend({
  device: z.enum(DEVICES).optional(),
  card_category_name: searchText,
});
export type SubcategoryListQuery = z.infer<typeof SubcategoryListQuerySchema>;

/** Any text: an id that is not a uuid is simply not found (404), like a missing one. */
export const CatIdParamsSchema = z.object({ catId: z.string().max(64) });
export const SubcategoryIdParamsSchema = z.object({ subcategoryId: z.string().max(64) });
export const CardArtParamsSchema = z.object({ file: z.string().max(64) });

export const RateHistoryQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(RATE_HISTORY_MAX_DAYS, `days can be at most ${RATE_HISTORY_MAX_DAYS}`)
    .default(RATE_HISTORY_DEFAULT_DAYS),
});
export type RateHistoryQuery = z.infer<typeof RateHistoryQuerySchema>;

export const GiftCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  img_info: z.object({ url: z.string() }),
});
export type GiftCard = z.infer<typeof GiftCardSchema>;

export const GiftCardSubcategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Naira per one unit of `currency`, at most 2 decimals. */
  rate: z.number(),
  currency: z.string(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
});
export type GiftCardSubcategory = z.infer<typeof GiftCardSubcategorySchema>;

export const RateHistorySchema = z.object({
  subcategory_id: z.string(),
  currency: z.string(),
  points: z.array(z.object({ date: z.string(), rate: z.number() })),
  change_percent: z.number(),
});
export type RateHistory = z.infer<typeof RateHistorySchema>;
