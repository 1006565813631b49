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
async function addSubcategory(
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

/**
 * A card of its own with two USD subcategories, at ₦1,000 and ₦900, made through the admin API
 * as a start; the names are the subcategories' own, unique where a test looks them up by name.
 */
export async function cardWithTwoRates(
  baseUrl: string,
  token: string,
  names: { card: string; physical: string; ecode: string },
) {
  const cardId = await addCard(baseUrl, token, names.card);
  return {
    cardId,
    physicalId: await addSubcategory(baseUrl, token, {
      cardId,
      name: names.physical,
      rate: '1000.00',
    }),
    ecodeId: await addSubcategory(baseUrl, token, { cardId, name: names.ecode, rate: '900.00' }),
  };
}

/** A card of its own with one USD subcategory ($10–$500) at `rate` naira, through the admin API. */
export async function cardWithRate(
  baseUrl: string,
  token: string,
  options: { card: string; subcategory: string; rate: string },
) {
  const cardId = await addCard(baseUrl, token, options.card);
  await addSubcategory(baseUrl, token, { cardId, name: options.subcategory, rate: options.rate });
}
