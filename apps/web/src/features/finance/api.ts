import type { KycResultSchema, VerifyKycInput } from '@karta/shared/schemas/finance';
import type { z } from 'zod';
import { baseApi, type Envelope } from '../../lib/base-api';
import { WITHDRAWAL_TERMS_TAG } from '../../lib/withdrawal-terms-api';

type KycResult = z.infer<typeof KycResultSchema>;

/** docs/product.md §7: BVN verification (KYC). The banks and name resolution are in lib/bank-api.ts. */
const financeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    verifyKyc: build.mutation<KycResult, { userId: string; body: VerifyKycInput }>({
      query: ({ userId, body }) => ({
        url: `/user/verify_kyc/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<KycResult>) => response.data,
      // A verified BVN is tier 1: the withdrawal terms carry the tier (decision 063).
      invalidatesTags: (result) => (result ? ['CurrentUser', WITHDRAWAL_TERMS_TAG] : []),
    }),
  }),
});

export const { useVerifyKycMutation } = financeApi;
