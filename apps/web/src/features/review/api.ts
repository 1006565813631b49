import type { TradeStatus } from '@karta/shared/constants';
import type { PageMeta } from '@karta/shared/schemas/common';
import type { AdminTrade, ApproveTradeInput, RejectTradeInput } from '@karta/shared/schemas/trades';
import { baseApi, type Envelope } from '../../lib/base-api';

/** Twenty to a page: operators work through a queue, not a phone-sized history. */
export const REVIEW_PAGE_SIZE = 20;

interface ReviewPage {
  data: AdminTrade[];
  meta: PageMeta;
}

interface ReviewListArgs {
  /** Omitted for every status. */
  status?: TradeStatus | undefined;
  page: number;
  size?: number;
}

/**
 * The review lists share one tag, so a decision anywhere refreshes every list (and the
 * "next pending" look-up); each trade has its own, shared with the seller's trade pages.
 */
const REVIEW_LIST = { type: 'Trades', id: 'REVIEW_LIST' } as const;

/** The operator calls of trade review (GET/POST /api/v1/admin/trades). */
const reviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReviewTrades: build.query<ReviewPage, ReviewListArgs>({
      query: ({ status, page, size = REVIEW_PAGE_SIZE }) => ({
        url: '/admin/trades',
        params: { page, size, ...(status ? { status } : {}) },
      }),
      transformResponse: (response: Envelope<ReviewPage>) => response.data,
      providesTags: (result) => [
        REVIEW_LIST,
        ...(result?.data.map((trade) => ({ type: 'Trades' as const, id: trade.id })) ?? []),
      ],
    }),
    getReviewTrade: build.query<AdminTrade, string>({
      query: (id) => `/admin/trades/${encodeURIComponent(id)}`,
      transformResponse: (response: Envelope<AdminTrade>) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Trades', id }],
    }),
    approveTrade: build.mutation<AdminTrade, { id: string } & ApproveTradeInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/approve`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<AdminTrade>) => response.data,
      // Also on failure: a 409 means someone else decided first, and the page should show how.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Trades', id }, REVIEW_LIST],
    }),
    rejectTrade: build.mutation<AdminTrade, { id: string } & RejectTradeInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/reject`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<AdminTrade>) => response.data,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Trades', id }, REVIEW_LIST],
    }),
  }),
});

export const {
  useGetReviewTradesQuery,
  useGetReviewTradeQuery,
  useLazyGetReviewTradesQuery,
  useApproveTradeMutation,
  useRejectTradeMutation,
} = reviewApi;
