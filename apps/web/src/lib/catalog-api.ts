import { PAGE_SIZE } from '@karta/shared/constants';
import { baseApi, type Envelope } from './base-api';

/** Catalog contract (docs/product.md §3, decision 008): a gift card in the public list. */
export interface GiftCard {
  id: string;
  name: string;
  img_info: { url: string };
}

/** A subcategory: rate in naira per unit of `currency`; min/max in whole units. */
export interface Subcategory {
  id: string;
  name: string;
  rate: number;
  currency: string;
  min_amount: number;
  max_amount: number;
}

/** The pages loaded so far for one search, merged, and how many pages exist. */
interface PagedItems<T> {
  items: T[];
  totalPages: number;
}

interface ListData<T> {
  data: T[];
  meta: { totalPages: number };
}

interface GiftCardListArgs {
  page: number;
  search: string;
}
interface SubcategoryListArgs extends GiftCardListArgs {
  catId: string;
}

/** Later pages join the list; an id already shown is not shown twice (docs/product.md §2). */
function mergePage<T extends { id: string }>(
  current: PagedItems<T>,
  incoming: PagedItems<T>,
  page: number,
): PagedItems<T> {
  if (page === 1) return incoming;
  const seen = new Set(current.items.map((item) => item.id));
  const fresh = incoming.items.filter((item) => !seen.has(item.id));
  return { items: [...current.items, ...fresh], totalPages: incoming.totalPages };
}

const toPaged = <T>(response: Envelope<ListData<T>>): PagedItems<T> => ({
  items: response.data.data,
  totalPages: response.data.meta.totalPages,
});

/**
 * docs/product.md §7 catalog calls, shared by the rate calculator and the trade screen. A search answers
 * every match at once; otherwise pages of PAGE_SIZE. One cache entry per search (the page is
 * left out of its key) so pages merge.
 */
const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGiftCards: build.query<PagedItems<GiftCard>, GiftCardListArgs>({
      query: ({ page, search }) => ({
        url: '/card/admin_get_gift_card',
        params: search ? { card_name: search } : { page, size: PAGE_SIZE },
      }),
      transformResponse: toPaged<GiftCard>,
      serializeQueryArgs: ({ endpointName, queryArgs }) => `${endpointName}|${queryArgs.search}`,
      merge: (current, incoming, { arg }) => mergePage(current, incoming, arg.page),
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.page !== previousArg?.page,
      providesTags: ['Catalog'],
    }),
    getSubcategories: build.query<PagedItems<Subcategory>, SubcategoryListArgs>({
      query: ({ catId, page, search }) => ({
        url: `/card/get_gift_card_category/${encodeURIComponent(catId)}`,
        params: search
          ? { device: 'web', card_category_name: search }
          : { device: 'web', page, size: PAGE_SIZE },
      }),
      transformResponse: toPaged<Subcategory>,
      serializeQueryArgs: ({ endpointName, queryArgs }) =>
        `${endpointName}|${queryArgs.catId}|${queryArgs.search}`,
      merge: (current, incoming, { arg }) => mergePage(current, incoming, arg.page),
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.page !== previousArg?.page,
      providesTags: ['Catalog'],
    }),
  }),
});

export const { useGetGiftCardsQuery, useGetSubcategoriesQuery } = catalogApi;
