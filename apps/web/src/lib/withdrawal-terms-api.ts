import type { WithdrawalTerms } from '@karta/shared/schemas/withdrawals';
import { baseApi, type Envelope } from './base-api';

/**
 * The withdraw screen's terms (fee, limits, what is left today) with the seller's KYC tier and
 * every tier's limits (decision 063): read by the withdraw form, automatic withdrawal and
 * Settings › Verification. A withdrawal, a verified BVN or NIN changes them, so they carry a tag
 * those mutations invalidate.
 */
export const WITHDRAWAL_TERMS_TAG = { type: 'Withdrawals', id: 'TERMS' } as const;

const withdrawalTermsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawalTerms: build.query<WithdrawalTerms, string>({
      query: (userId) => `/transaction/withdrawal_terms/${encodeURIComponent(userId)}`,
      transformResponse: (response: Envelope<WithdrawalTerms>) => response.data,
      providesTags: [WITHDRAWAL_TERMS_TAG],
    }),
  }),
});

export const { useGetWithdrawalTermsQuery } = withdrawalTermsApi;
