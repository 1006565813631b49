import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, kobo, reference, timestamptz, updatedAt, uuidKey } from '../columns';
import { users } from './users';

/**
 * A brand whose cards we buy (Amazon, Steam…). Art is drawn from name + brand colour unless an
 * operator uploaded an image.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** #rrggbb, used for the card art. */
    brandColour: text('brand_colour').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Storage key of the uploaded image (re-encoded WebP); null: the drawn art is shown. */
    imageKey: text('image_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_slug_key').on(t.slug),
    // The public listing: active cards by sort order then name, read straight off the index.
    // id breaks ties in the ORDER BY, so it is in the index too: no sort step at any size.
    index('gift_cards_active_sort_idx').on(t.active, t.sortOrder, t.name, t.id),
    // The console's rate sheet lists every card, active or not, in the same order: walking this
    // index (and the subcategories' below) replaces a sort of the whole sheet on every page.
    index('gift_cards_sheet_order_idx').on(t.sortOrder, t.name, t.id),
    // Search is `lower(name) like '%x%'`, which no btree can seek: with 10,000 cards a scan
    // cost 9× the seeded catalog in the bench. A trigram index finds matches of 3+ characters
    // directly (docs/decisions/008-catalog-search-trigrams.md).
    index('gift_cards_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** One way to sell a card ("USA physical $100–$500"), with its own currency and rate. */
export const giftCardSubcategories = pgTable(
  'gift_card_subcategories',
  {
    id: uuidKey(),
    giftCardId: reference('gift_card_id', () => giftCards.id).notNull(),
    name: text('name').notNull(),
    /** ISO 4217 code of the card's own currency (USD, GBP…). */
    currency: text('currency').notNull(),
    /** Naira kobo paid per one unit of the card's currency. */
    rateKobo: kobo('rate_kobo').notNull(),
    /** Whole units of the card's currency. */
    minAmount: integer('min_amount').notNull(),
    maxAmount: integer('max_amount').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gift_card_subcategories_card_sort_idx').on(
      t.giftCardId,
      t.active,
      t.sortOrder,
      t.name,
      t.id,
    ),
    index('gift_card_subcategories_sheet_order_idx').on(t.giftCardId, t.sortOrder, t.name, t.id),
    check('gift_card_subcategories_rate_positive', sql`${t.rateKobo} > 0`),
    check('gift_card_subcategories_min_positive', sql`${t.minAmount} > 0`),
    check('gift_card_subcategories_max_not_below_min', sql`${t.maxAmount} >= ${t.minAmount}`),
  ],
);

/** Every rate a subcategory has had, with who set it: the rate history chart reads this. */
export const rateChanges = pgTable(
  'rate_changes',
  {
    id: uuidKey(),
    subcategoryId: reference('subcategory_id', () => giftCardSubcategories.id).notNull(),
    rateKobo: kobo('rate_kobo').notNull(),
    /** Null for the seed and other system changes. */
    changedByUserId: reference('changed_by_user_id', () => users.id),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [index('rate_changes_subcategory_changed_idx').on(t.subcategoryId, t.changedAt)],
);
