import type {
  AdminGiftCard,
  AdminSubcategory,
  CreateGiftCardInput,
  CreateSubcategoryInput,
  UpdateGiftCardInput,
  UpdateSubcategoryInput,
} from '@karta/shared/schemas/catalog-admin';
import type { PendingTradeCount } from '@karta/shared/schemas/catalog-impact';
import { baseApi, type Envelope } from '../../lib/base-api';
import { sendUploadForm } from '../../lib/send-upload-form';

/** One page of every card, active or not. A catalog has dozens, so one page of 50 holds it. */
interface CardPage {
  data: AdminGiftCard[];
  meta: { page: number; size: number; total: number; totalPages: number };
}

const CATALOG_PAGE_SIZE = 50;

// The public lists ('Catalog') are refreshed too: an operator checking the rate calculator
// after a change sees it at once.
const CARD_LIST = { type: 'Catalog', id: 'ADMIN_CARDS' } as const;
const cardTag = (id: string) => ({ type: 'Catalog' as const, id: `card:${id}` });
const subcategoriesTag = (cardId: string) => ({
  type: 'Catalog' as const,
  id: `subcategories:${cardId}`,
});

/** The catalog desk's calls (/api/v1/admin/catalog). */
const catalogDeskApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCatalogCards: build.query<CardPage, number>({
      query: (page) => ({
        url: '/admin/catalog/cards',
        params: { page, size: CATALOG_PAGE_SIZE },
      }),
      transformResponse: (response: Envelope<CardPage>) => response.data,
      providesTags: [CARD_LIST],
    }),
    getCatalogCard: build.query<AdminGiftCard, string>({
      query: (id) => `/admin/catalog/cards/${encodeURIComponent(id)}`,
      transformResponse: (response: Envelope<AdminGiftCard>) => response.data,
      providesTags: (_result, _error, id) => [cardTag(id)],
    }),
    createCatalogCard: build.mutation<AdminGiftCard, CreateGiftCardInput>({
      query: (body) => ({ url: '/admin/catalog/cards', method: 'POST', body }),
      transformResponse: (response: Envelope<AdminGiftCard>) => response.data,
      invalidatesTags: ['Catalog'],
    }),
    updateCatalogCard: build.mutation<AdminGiftCard, { id: string } & UpdateGiftCardInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/catalog/cards/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      transformResponse: (response: Envelope<AdminGiftCard>) => response.data,
      invalidatesTags: ['Catalog'],
    }),
    /** Multipart with upload progress; the answer is the card with its new image. */
    uploadCardImage: build.mutation<
      AdminGiftCard,
      { id: string; image: File; onProgress?: (fraction: number) => void }
    >({
      queryFn: ({ id, image, onProgress }, api) => {
        const form = new FormData();
        form.append('image', image, image.name);
        return sendUploadForm<AdminGiftCard>(
          api,
          `/admin/catalog/cards/${encodeURIComponent(id)}/image`,
          form,
          onProgress,
        );
      },
      invalidatesTags: ['Catalog'],
    }),
    listCardSubcategories: build.query<AdminSubcategory[], string>({
      query: (cardId) => `/admin/catalog/cards/${encodeURIComponent(cardId)}/subcategories`,
      transformResponse: (response: Envelope<AdminSubcategory[]>) => response.data,
      providesTags: (_result, _error, cardId) => [subcategoriesTag(cardId)],
    }),
    createSubcategory: build.mutation<
      AdminSubcategory,
      { cardId: string } & CreateSubcategoryInput
    >({
      query: ({ cardId, ...body }) => ({
        url: `/admin/catalog/cards/${encodeURIComponent(cardId)}/subcategories`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<AdminSubcategory>) => response.data,
      invalidatesTags: ['Catalog'],
    }),
    updateSubcategory: build.mutation<AdminSubcategory, { id: string } & UpdateSubcategoryInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/catalog/subcategories/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      transformResponse: (response: Envelope<AdminSubcategory>) => response.data,
      invalidatesTags: ['Catalog'],
    }),
    /** Asked when the deactivation dialog opens; never cached, the queue moves. */
    getPendingTradeCount: build.query<
      PendingTradeCount,
      { kind: 'cards' | 'subcategories'; id: string }
    >({
      query: ({ kind, id }) => `/admin/catalog/${kind}/${encodeURIComponent(id)}/pending_trades`,
      transformResponse: (response: Envelope<PendingTradeCount>) => response.data,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useListCatalogCardsQuery,
  useGetCatalogCardQuery,
  useCreateCatalogCardMutation,
  useUpdateCatalogCardMutation,
  useUploadCardImageMutation,
  useListCardSubcategoriesQuery,
  useCreateSubcategoryMutation,
  useUpdateSubcategoryMutation,
  useGetPendingTradeCountQuery,
} = catalogDeskApi;
