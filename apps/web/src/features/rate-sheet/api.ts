import { formatKoboAsNaira } from '@karta/shared/money';
import type { PageMeta } from '@karta/shared/schemas/common';
import type {
  RateSheetEntry,
  RateSheetFilter,
  RateSheetRow,
} from '@karta/shared/schemas/rate-sheet';
import type {
  PublishedSubcategory,
  RateChangeRequest,
} from '@karta/shared/schemas/rate-change-requests';
import { baseApi, type Envelope } from '../../lib/base-api';

interface RateSheetPage {
  data: RateSheetRow[];
  meta: PageMeta;
}

interface RateChangesPage {
  data: RateChangeRequest[];
  meta: PageMeta;
}

/** Waiting rate changes shown at once; a busy morning pages on. */
const WAITING_PAGE_SIZE = 10;

/** Which page the table asks for next, and the last row it has (none for the first page). */
interface SheetPageParam {
  page: number;
  after?: string;
}

/** The filters as query parameters; blank ones are left out. */
const filterParams = ({ card, currency, active }: RateSheetFilter) => ({
  ...(card ? { card } : {}),
  ...(currency ? { currency } : {}),
  ...(active ? { active } : {}),
});

/**
 * The rate sheet's calls (`/api/v1/admin/catalog/rates…`): the sheet a page at a time as the
 * table scrolls, the paste's match, the CSV export and the publish; and the rate changes that
 * wait for a second person (decision 049), confirmed or sent back. Publishing and confirming
 * invalidate `Catalog`, so the sheet and the public rate calculator both read the new rates.
 */
const rateSheetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRateSheet: build.infiniteQuery<RateSheetPage, RateSheetFilter, SheetPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { page: 1 },
        // The next page follows the last row shown (keyset), so page 150 costs what page 1 does.
        getNextPageParam: ({ data, meta }) => {
          const last = data.at(-1);
          return last && meta.page < meta.totalPages
            ? { page: meta.page + 1, after: last.id }
            : undefined;
        },
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/admin/catalog/rates',
        params: { ...filterParams(queryArg), ...pageParam },
      }),
      transformResponse: (response: Envelope<RateSheetPage>) => response.data,
      providesTags: ['Catalog'],
    }),
    matchRateSheet: build.mutation<RateSheetEntry[], string[]>({
      query: (keys) => ({ url: '/admin/catalog/rates/match', method: 'POST', body: { keys } }),
      transformResponse: (response: Envelope<RateSheetEntry[]>) => response.data,
    }),
    exportRateSheet: build.mutation<string, RateSheetFilter>({
      query: (filter) => ({
        url: '/admin/catalog/rates/export',
        params: filterParams(filter),
        // Text when it is the CSV; the JSON error envelope parsed when it is not.
        responseHandler: 'content-type',
      }),
    }),
    publishRates: build.mutation<PublishedSubcategory[], { id: string; kobo: bigint }[]>({
      query: (rates) => ({
        url: '/admin/catalog/rates',
        method: 'POST',
        body: { rates: rates.map(({ id, kobo }) => ({ id, rate: formatKoboAsNaira(kobo) })) },
      }),
      transformResponse: (response: Envelope<PublishedSubcategory[]>) => response.data,
      // A rate that moves too far waits instead (decision 049): the waiting list changes too.
      invalidatesTags: ['Catalog', 'RateChanges'],
    }),
    getWaitingRateChanges: build.query<RateChangesPage, { page: number }>({
      query: ({ page }) => ({
        url: '/admin/catalog/rate_changes',
        params: { page, size: WAITING_PAGE_SIZE },
      }),
      transformResponse: (response: Envelope<RateChangesPage>) => response.data,
      providesTags: ['RateChanges'],
    }),
    /** Publishes the rate: the sheet and the calculator read it, the list loses it. */
    confirmRateChange: build.mutation<Envelope<RateChangeRequest>, string>({
      query: (id) => ({
        url: `/admin/catalog/rate_changes/${encodeURIComponent(id)}/confirm`,
        method: 'POST',
      }),
      // A refusal (the rate moved, someone decided first) changes the list too.
      invalidatesTags: ['Catalog', 'RateChanges'],
    }),
    returnRateChange: build.mutation<Envelope<RateChangeRequest>, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/catalog/rate_changes/${encodeURIComponent(id)}/return`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['RateChanges'],
    }),
  }),
});

export const {
  useGetRateSheetInfiniteQuery,
  useMatchRateSheetMutation,
  useExportRateSheetMutation,
  usePublishRatesMutation,
  useGetWaitingRateChangesQuery,
  useConfirmRateChangeMutation,
  useReturnRateChangeMutation,
} = rateSheetApi;
