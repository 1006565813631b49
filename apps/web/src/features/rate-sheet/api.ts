import { formatKoboAsNaira } from '@karta/shared/money';
import type { PageMeta } from '@karta/shared/schemas/common';
import type {
  RateSheetEntry,
  RateSheetFilter,
  RateSheetRow,
} from '@karta/shared/schemas/rate-sheet';
import { baseApi, type Envelope } from '../../lib/base-api';

interface RateSheetPage {
  data: RateSheetRow[];
  meta: PageMeta;
}

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
 * table scrolls, the paste's match, the CSV export and the publish. Publishing invalidates
 * `Catalog`, so the sheet and the public rate calculator both read the new rates.
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
    publishRates: build.mutation<Envelope<unknown>, { id: string; kobo: bigint }[]>({
      query: (rates) => ({
        url: '/admin/catalog/rates',
        method: 'POST',
        body: { rates: rates.map(({ id, kobo }) => ({ id, rate: formatKoboAsNaira(kobo) })) },
      }),
      invalidatesTags: ['Catalog'],
    }),
  }),
});

export const {
  useGetRateSheetInfiniteQuery,
  useMatchRateSheetMutation,
  useExportRateSheetMutation,
  usePublishRatesMutation,
} = rateSheetApi;
