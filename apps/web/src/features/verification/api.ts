import type { NinResultSchema, VerifyNinInput } from '@karta/shared/schemas/kyc';
import type { z } from 'zod';
import { baseApi, type Envelope } from '../../lib/base-api';
import { WITHDRAWAL_TERMS_TAG } from '../../lib/withdrawal-terms-api';

type NinResult = z.infer<typeof NinResultSchema>;

/** `POST /user/verify_nin/{user_id}` (decision 063): a verified NIN raises the tier to 2. */
const verificationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    verifyNin: build.mutation<NinResult, { userId: string; body: VerifyNinInput }>({
      query: ({ userId, body }) => ({
        url: `/user/verify_nin/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<NinResult>) => response.data,
      // The tier and its limits are in the user and in the withdrawal terms.
      invalidatesTags: (result) => (result ? ['CurrentUser', WITHDRAWAL_TERMS_TAG] : []),
    }),
  }),
});

export const { useVerifyNinMutation } = verificationApi;
