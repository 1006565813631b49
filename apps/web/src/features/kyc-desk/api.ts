import type { PageMeta } from '@karta/shared/schemas/common';
import type { ClaimHeartbeat } from '@karta/shared/schemas/claims';
import type {
  ClaimedKycReview,
  KycQueueItem,
  KycReview,
  RejectKycInput,
} from '@karta/shared/schemas/kyc-documents';
import { baseApi, type Envelope } from '../../lib/base-api';

const KYC_PAGE_SIZE = 20;

export type KycQueueStatus = 'pending' | 'approved' | 'rejected';

interface KycQueuePage {
  data: KycQueueItem[];
  meta: PageMeta;
}

const LIST = { type: 'KycDesk', id: 'LIST' } as const;

/** The KYC desk's calls (GET/POST /api/v1/admin/kyc, decision 066). */
const kycDeskApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKycQueue: build.query<KycQueuePage, { status: KycQueueStatus; page: number }>({
      query: ({ status, page }) => ({
        url: '/admin/kyc',
        params: { status, page, size: KYC_PAGE_SIZE },
      }),
      transformResponse: (response: Envelope<KycQueuePage>) => response.data,
      providesTags: [LIST],
    }),
    getKycSubmission: build.query<KycReview, string>({
      query: (id) => `/admin/kyc/${encodeURIComponent(id)}`,
      transformResponse: (response: Envelope<KycReview>) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'KycDesk', id }],
    }),
    claimKycSubmission: build.mutation<ClaimedKycReview, string>({
      query: (id) => ({ url: `/admin/kyc/${encodeURIComponent(id)}/claim`, method: 'POST' }),
      transformResponse: (response: Envelope<ClaimedKycReview>) => response.data,
      // Also on failure: a 409 names who holds it, which the page then shows.
      invalidatesTags: (_result, _error, id) => [{ type: 'KycDesk', id }, LIST],
    }),
    /** Decision 078: the open page's sign of life; not cached, it changes nothing on the page. */
    heartbeatKycClaim: build.mutation<ClaimHeartbeat, string>({
      query: (id) => ({ url: `/admin/kyc/${encodeURIComponent(id)}/heartbeat`, method: 'POST' }),
      transformResponse: (response: Envelope<ClaimHeartbeat>) => response.data,
      // A lost claim: the page shows who holds the documents now.
      invalidatesTags: (_result, error, id) => (error ? [{ type: 'KycDesk', id }] : []),
    }),
    takeOverKycClaim: build.mutation<ClaimedKycReview, string>({
      query: (id) => ({ url: `/admin/kyc/${encodeURIComponent(id)}/take_over`, method: 'POST' }),
      transformResponse: (response: Envelope<ClaimedKycReview>) => response.data,
      invalidatesTags: (_result, _error, id) => [{ type: 'KycDesk', id }, LIST],
    }),
    releaseKycClaim: build.mutation<KycReview, string>({
      query: (id) => ({ url: `/admin/kyc/${encodeURIComponent(id)}/release`, method: 'POST' }),
      transformResponse: (response: Envelope<KycReview>) => response.data,
      invalidatesTags: (_result, _error, id) => [{ type: 'KycDesk', id }, LIST],
    }),
    approveKycSubmission: build.mutation<KycReview, string>({
      query: (id) => ({ url: `/admin/kyc/${encodeURIComponent(id)}/approve`, method: 'POST' }),
      transformResponse: (response: Envelope<KycReview>) => response.data,
      invalidatesTags: (_result, _error, id) => [{ type: 'KycDesk', id }, LIST],
    }),
    rejectKycSubmission: build.mutation<KycReview, { id: string; body: RejectKycInput }>({
      query: ({ id, body }) => ({
        url: `/admin/kyc/${encodeURIComponent(id)}/reject`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<KycReview>) => response.data,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'KycDesk', id }, LIST],
    }),
  }),
});

export const {
  useGetKycQueueQuery,
  useGetKycSubmissionQuery,
  useClaimKycSubmissionMutation,
  useHeartbeatKycClaimMutation,
  useTakeOverKycClaimMutation,
  useReleaseKycClaimMutation,
  useApproveKycSubmissionMutation,
  useRejectKycSubmissionMutation,
} = kycDeskApi;
