import { MAX_PAGE_SIZE } from '@karta/shared/constants';
import type { ReferralList } from '@karta/shared/schemas/wallet';
import { baseApi, type Envelope } from '../../lib/base-api';

/**
 * The people who joined with the user's code. One page of the largest size the API allows:
 * the rewards dialog shows them in one list, not in pages.
 */
const rewardsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReferrals: build.query<ReferralList, string>({
      query: (userId) => ({
        url: `/user/referrals/${encodeURIComponent(userId)}`,
        params: { page: 1, size: MAX_PAGE_SIZE },
      }),
      transformResponse: (response: Envelope<ReferralList>) => response.data,
      providesTags: ['Referrals'],
    }),
  }),
});

export const { useGetReferralsQuery } = rewardsApi;
