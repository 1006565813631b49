import type {
  LowerKycTierInput,
  SellerActionInput,
  SellerProfile,
  SellerSearchResult,
} from '@karta/shared/schemas/sellers-desk';
import { baseApi, type Envelope } from '../../lib/base-api';

/** What an operator can do to an account from its page; each needs a reason. */
export type SellerActionKind = 'suspend' | 'unsuspend' | 'unlock_pin';

const SEARCH_LIST = { type: 'Sellers', id: 'SEARCH' } as const;

/** The sellers desk's calls (GET/POST /api/v1/admin/users). */
const sellersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchSellers: build.query<SellerSearchResult, { q: string; page: number }>({
      query: ({ q, page }) => ({ url: '/admin/users', params: { q, page } }),
      transformResponse: (response: Envelope<SellerSearchResult>) => response.data,
      providesTags: [SEARCH_LIST],
    }),
    getSeller: build.query<SellerProfile, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}`,
      transformResponse: (response: Envelope<SellerProfile>) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Sellers', id }],
    }),
    /** The answer is the page as it is now: shown at once, and the search shows the status. */
    actOnSeller: build.mutation<
      SellerProfile,
      { id: string; action: SellerActionKind } & SellerActionInput
    >({
      query: ({ id, action, ...body }) => ({
        url: `/admin/users/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<SellerProfile>) => response.data,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(sellersApi.util.upsertQueryData('getSeller', id, data));
        } catch {
          // The failure is toasted globally; a 409 is refreshed by the invalidation below.
        }
      },
      invalidatesTags: (result, error, { id }) => [
        SEARCH_LIST,
        ...(result ? [] : [{ type: 'Sellers' as const, id }]),
      ],
    }),
    /** An admin lowers the seller's KYC tier with a reason (decision 063); answers the page. */
    lowerSellerKycTier: build.mutation<SellerProfile, { id: string } & LowerKycTierInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/users/${encodeURIComponent(id)}/lower_kyc_tier`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<SellerProfile>) => response.data,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(sellersApi.util.upsertQueryData('getSeller', id, data));
        } catch {
          // Shown in the dialog.
        }
      },
    }),
    /**
     * An admin turns off someone's two-step sign-in (decisions 061, 062): it answers nothing, so
     * the page is fetched again.
     */
    resetSellerTwoFactor: build.mutation<Envelope<null>, { id: string } & SellerActionInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/users/${encodeURIComponent(id)}/reset_two_factor`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Sellers' as const, id }],
    }),
    /** Approve or decline a request to use an account not in the seller's name (decision 064). */
    decideAccountApproval: build.mutation<
      SellerProfile,
      { id: string; approvalId: string; verb: 'approve' | 'decline'; note: string }
    >({
      query: ({ id, approvalId, verb, note }) => ({
        url: `/admin/users/${encodeURIComponent(id)}/account_approvals/${encodeURIComponent(approvalId)}/${verb}`,
        method: 'POST',
        body: { note },
      }),
      transformResponse: (response: Envelope<SellerProfile>) => response.data,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(sellersApi.util.upsertQueryData('getSeller', id, data));
        } catch {
          // Shown in the dialog; a 409 is refreshed by the invalidation below.
        }
      },
      invalidatesTags: (result, error, { id }) =>
        result ? [] : [{ type: 'Sellers' as const, id }],
    }),
  }),
});

export const {
  useSearchSellersQuery,
  useGetSellerQuery,
  useActOnSellerMutation,
  useDecideAccountApprovalMutation,
  useLowerSellerKycTierMutation,
  useResetSellerTwoFactorMutation,
} = sellersApi;
