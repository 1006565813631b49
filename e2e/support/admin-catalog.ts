/** Catalog set-up through the admin API, for tests that start from a card of their own. */
import { call } from './accounts';

interface Created {
  data: { id: string };
}

/** A card made through the admin API (`token`: an admin's or an operator's); its id. */
export async function addCard(baseUrl: string, token: string, name: string) {
  const card = (await call(
    baseUrl,
    'POST',
    '/api/v1/admin/catalog/cards',
    { name, brand_colour: '#0b7a4b' },
    token,
  )) as Created;
  return card.data.id;
}

/** A USD subcategory of a card for $10–$500 at `rate` naira, through the admin API; its id. */
export async function addSubcategory(
  baseUrl: string,
  token: string,
  options: { cardId: string; name: string; rate: string },
) {
  const subcategory = (await call(
    baseUrl,
    'POST',
    `/api/v1/admin/catalog/cards/${options.cardId}/subcategories`,
    { name: options.name, currency: 'USD', rate: options.rate, min_amount: 10, max_amount: 500 },
    token,
  )) as Created;
  return subcategory.data.id;
}
