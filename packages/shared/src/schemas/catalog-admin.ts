import { z } from 'zod';
import { MAX_RATE_NAIRA, NAIRA_PATTERN } from './catalog';

const BRAND_COLOUR = /^#[0-9a-fA-F]{6}$/;
const CURRENCY_CODE = /^[A-Z]{3}$/;
const MAX_CARD_AMOUNT = 100_000;

const name = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(80, `${what} can be at most 80 characters`);

/**
 * A naira rate as a JSON number or text, at most 2 decimals. It stays as the client wrote it
 * until the server turns the text into kobo with integer arithmetic.
 */
export const NairaRateSchema = z
  .union([z.number(), z.string()], { error: 'rate must be a number' })
  .refine((value) => NAIRA_PATTERN.test(String(value)), {
    message: 'Enter the rate in naira, with at most 2 decimals',
  })
  .refine((value) => Number(value) > 0 && Number(value) <= MAX_RATE_NAIRA, {
    message: `The rate must be above ₦0 and at most ₦${MAX_RATE_NAIRA.toLocaleString('en-NG')}`,
  })
  .meta({
    description: `Naira per unit of the card's currency: above 0, at most ${String(MAX_RATE_NAIRA)}, at most 2 decimals; a JSON number or the same as text (text keeps its decimals exactly).`,
    example: 1450.5,
  });

/** The words for a card amount field, as the form labels it (never the field's name). */
const AMOUNT_WORDS = {
  min_amount: 'The smallest card amount',
  max_amount: 'The largest card amount',
};

const cardAmount = (field: keyof typeof AMOUNT_WORDS) => {
  const what = AMOUNT_WORDS[field];
  return z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be at least 1`)
    .max(MAX_CARD_AMOUNT, `${what} can be at most ${MAX_CARD_AMOUNT.toLocaleString('en-NG')}`);
};

const sortOrder = z.number().int().min(0).max(1_000_000);

export const CreateGiftCardInputSchema = z.object({
  name: name('Card name'),
  brand_colour: z
    .string()
    .regex(BRAND_COLOUR, 'Enter the brand colour as # and 6 hex digits, such as #1a2b3c'),
  active: z.boolean().default(true),
  sort_order: sortOrder.default(0),
});
export type CreateGiftCardInput = z.infer<typeof CreateGiftCardInputSchema>;

export const UpdateGiftCardInputSchema = z
  .object({
    name: name('Card name'),
    brand_colour: z
      .string()
      .regex(BRAND_COLOUR, 'Enter the brand colour as # and 6 hex digits, such as #1a2b3c'),
    active: z.boolean(),
    sort_order: sortOrder,
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, { message: 'Nothing to change' });
export type UpdateGiftCardInput = z.infer<typeof UpdateGiftCardInputSchema>;

export const CreateSubcategoryInputSchema = z.object({
  name: name('Subcategory name'),
  currency: z.string().regex(CURRENCY_CODE, 'currency must be an ISO code such as USD'),
  rate: NairaRateSchema,
  min_amount: cardAmount('min_amount'),
  max_amount: cardAmount('max_amount'),
  active: z.boolean().default(true),
  sort_order: sortOrder.default(0),
});
export type CreateSubcategoryInput = z.infer<typeof CreateSubcategoryInputSchema>;

export const UpdateSubcategoryInputSchema = z
  .object({
    name: name('Subcategory name'),
    rate: NairaRateSchema,
    min_amount: cardAmount('min_amount'),
    max_amount: cardAmount('max_amount'),
    active: z.boolean(),
    sort_order: sortOrder,
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, { message: 'Nothing to change' });
export type UpdateSubcategoryInput = z.infer<typeof UpdateSubcategoryInputSchema>;

/** The morning rate sheet: every rate changes, or none does. */
export const BulkRatesInputSchema = z.object({
  rates: z
    .array(z.object({ id: z.string().max(64), rate: NairaRateSchema }))
    .min(1, 'rates needs at least one item')
    .max(1000, 'rates can have at most 1000 items'),
});
export type BulkRatesInput = z.infer<typeof BulkRatesInputSchema>;

export const IdParamsSchema = z.object({ id: z.string().max(64) });

export const AdminGiftCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  brand_colour: z.string(),
  active: z.boolean(),
  sort_order: z.number().int(),
  img_info: z.object({ url: z.string() }),
});
export type AdminGiftCard = z.infer<typeof AdminGiftCardSchema>;

export const AdminSubcategorySchema = z.object({
  id: z.string(),
  gift_card_id: z.string(),
  name: z.string(),
  currency: z.string(),
  rate: z.number(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  active: z.boolean(),
  sort_order: z.number().int(),
});
export type AdminSubcategory = z.infer<typeof AdminSubcategorySchema>;
