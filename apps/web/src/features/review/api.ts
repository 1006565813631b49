import type { TradeStatus } from '@karta/shared/constants';
import type { ClaimHeartbeat } from '@karta/shared/schemas/claims';
import type { PageMeta } from '@karta/shared/schemas/common';
import type {
  AdjustedTrade,
  AdjustTradeInput,
  AdminTrade,
  ApproveTradeInput,
  ClaimedTrade,
  RejectTradeInput,
} from '@karta/shared/schemas/trades';
import type { RequestInfoInput, ReturnApprovalInput } from '@karta/shared/schemas/trade-steps';
import { baseApi, type Envelope } from '../../lib/base-api';
import { sendUploadForm } from '../../lib/send-upload-form';
import type { RejectionProof } from '@karta/shared/schemas/rejection-proofs';

/** A claim's answer as the cache keeps the trade: the release token is the page's alone. */
function withoutReleaseToken(claimed: ClaimedTrade): AdminTrade {
  const trade: Partial<ClaimedTrade> = { ...claimed };
  delete trade.release_token;
  return trade as AdminTrade;
}

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
  /** Only the pending trades this operator may take now (not theirs, nobody else's claim). */
  claimable?: boolean;
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
      query: ({ status, page, size = REVIEW_PAGE_SIZE, claimable }) => ({
        url: '/admin/trades',
        params: {
          page,
          size,
          ...(status ? { status } : {}),
          ...(claimable ? { claimable: 'true' } : {}),
        },
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
    /**
     * Claims the trade for this operator, or renews the claim; the open page shows the answer.
     * The answer's release token is for the page's closing beacon only (decision 072): it is
     * kept out of the cache.
     */
    claimTrade: build.mutation<ClaimedTrade, string>({
      query: (id) => ({ url: `/admin/trades/${encodeURIComponent(id)}/claim`, method: 'POST' }),
      transformResponse: (response: Envelope<ClaimedTrade>) => response.data,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The open page's trade, patched in place: no second fetch for every renewal.
          dispatch(
            reviewApi.util.updateQueryData('getReviewTrade', id, () => withoutReleaseToken(data)),
          );
        } catch {
          // A 409 refetches the trade (below), which names who holds it.
        }
      },
      invalidatesTags: (_result, error, id) => (error ? [{ type: 'Trades', id }] : []),
    }),
    /** Takes over a claim whose holder's page has been silent for a minute (decision 072). */
    takeOverTradeClaim: build.mutation<ClaimedTrade, string>({
      query: (id) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/take_over`,
        method: 'POST',
      }),
      transformResponse: (response: Envelope<ClaimedTrade>) => response.data,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The open page's trade, patched in place: no second fetch for every renewal.
          dispatch(
            reviewApi.util.updateQueryData('getReviewTrade', id, () => withoutReleaseToken(data)),
          );
        } catch {
          // A 409 refetches the trade (below), which names who holds it.
        }
      },
      // A 409 (they are back) refetches the trade, which shows them heard from just now.
      invalidatesTags: (_result, error, id) => (error ? [{ type: 'Trades', id }, REVIEW_LIST] : []),
    }),
    /**
     * The open review page's heartbeat: the claim lasts ten minutes from now. The cached
     * claim's end moves with it; a 409 CLAIM_LOST refetches the trade, which names who has it.
     */
    heartbeatTradeClaim: build.mutation<ClaimHeartbeat, string>({
      query: (id) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/heartbeat`,
        method: 'POST',
      }),
      transformResponse: (response: Envelope<ClaimHeartbeat>) => response.data,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            reviewApi.util.updateQueryData('getReviewTrade', id, (trade) => {
              if (trade.claim) Object.assign(trade.claim, data);
            }),
          );
        } catch {
          // The page says the claim was lost; the refetch (below) shows who holds it.
        }
      },
      invalidatesTags: (_result, error, id) => (error ? [{ type: 'Trades', id }] : []),
    }),
    /**
     * Ends this operator's claim. `keepalive` lets the call outlive the page when the tab closes;
     * the lists are fetched again so the queue shows the trade free.
     */
    releaseTrade: build.mutation<AdminTrade, string>({
      query: (id) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/release`,
        method: 'POST',
        keepalive: true,
      }),
      transformResponse: (response: Envelope<AdminTrade>) => response.data,
      invalidatesTags: [REVIEW_LIST],
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
    /** Step one of a rejection with proof: the image, with upload progress; no tags change. */
    uploadRejectionProof: build.mutation<
      RejectionProof,
      { id: string; image: File; onProgress?: (fraction: number) => void }
    >({
      queryFn: ({ id, image, onProgress }, api) => {
        const form = new FormData();
        form.append('image', image, image.name);
        return sendUploadForm<RejectionProof>(
          api,
          `/admin/trades/${encodeURIComponent(id)}/rejection_proof`,
          form,
          onProgress,
        );
      },
    }),
    /** Ask the seller (info_requested), confirm a large approval, or send it back. */
    requestTradeInfo: build.mutation<AdminTrade, { id: string } & RequestInfoInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/request_info`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<AdminTrade>) => response.data,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Trades', id }, REVIEW_LIST],
    }),
    confirmApproval: build.mutation<AdminTrade, string>({
      query: (id) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/confirm_approval`,
        method: 'POST',
      }),
      transformResponse: (response: Envelope<AdminTrade>) => response.data,
      invalidatesTags: (_result, _error, id) => [{ type: 'Trades', id }, REVIEW_LIST],
    }),
    returnApproval: build.mutation<AdminTrade, { id: string } & ReturnApprovalInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/return_approval`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<AdminTrade>) => response.data,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Trades', id }, REVIEW_LIST],
    }),
    /**
     * Admin only: add to an approved trade's credit. One Idempotency-Key per attempt, sent again
     * on a retry of that attempt, so it is added once. The answer's message says whether it was
     * credited or waits for a second admin (decision 049), so the whole envelope comes back.
     */
    adjustTrade: build.mutation<
      Envelope<AdjustedTrade>,
      { id: string; idempotencyKey: string } & AdjustTradeInput
    >({
      query: ({ id, idempotencyKey, ...body }) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/adjust`,
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body,
      }),
      // The awaiting tab lists a trade whose adjustment waits: the lists change too.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Trades', id }, REVIEW_LIST],
    }),
    /** A second admin confirms a waiting adjustment (credited once), or anyone sends it back. */
    confirmAdjustment: build.mutation<Envelope<AdminTrade>, { id: string; adjustmentId: string }>({
      query: ({ id, adjustmentId }) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/adjustments/${encodeURIComponent(adjustmentId)}/confirm`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Trades', id }, REVIEW_LIST],
    }),
    returnAdjustment: build.mutation<
      Envelope<AdminTrade>,
      { id: string; adjustmentId: string } & ReturnApprovalInput
    >({
      query: ({ id, adjustmentId, ...body }) => ({
        url: `/admin/trades/${encodeURIComponent(id)}/adjustments/${encodeURIComponent(adjustmentId)}/return`,
        method: 'POST',
        body,
      }),
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
  useUploadRejectionProofMutation,
  useClaimTradeMutation,
  useReleaseTradeMutation,
  useTakeOverTradeClaimMutation,
  useHeartbeatTradeClaimMutation,
  useRequestTradeInfoMutation,
  useConfirmApprovalMutation,
  useReturnApprovalMutation,
  useAdjustTradeMutation,
  useConfirmAdjustmentMutation,
  useReturnAdjustmentMutation,
} = reviewApi;
