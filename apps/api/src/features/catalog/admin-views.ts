import { koboToNaira } from '@karta/shared/money';
import type { GiftCardRow, SubcategoryRow } from './catalog.repository';
import { cardImageUrl } from './catalog.service';

/** What operators see of a card; also the before/after of its audit rows. */
export const toAdminCardView = (row: GiftCardRow) => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  brand_colour: row.brandColour,
  active: row.active,
  sort_order: row.sortOrder,
  img_info: { url: cardImageUrl(row) },
});

export const toAdminSubcategoryView = (row: SubcategoryRow) => ({
  id: row.id,
  gift_card_id: row.giftCardId,
  name: row.name,
  currency: row.currency,
  rate: koboToNaira(row.rateKobo),
  min_amount: row.minAmount,
  max_amount: row.maxAmount,
  active: row.active,
  sort_order: row.sortOrder,
});

/** "Macy's Gift Card" → "macys-gift-card". */
export const toSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
