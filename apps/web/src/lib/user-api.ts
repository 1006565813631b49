import type { User } from '@karta/shared/schemas/users';
import { baseApi, type Envelope } from './base-api';

/**
 * docs/product.md §7 calls that several features make: the current user (read again after a PIN or a BVN
 * changes it) and the one-time code mailed to an address (account confirmation, password
 * change).
 */
const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestOtp: build.mutation<Envelope<null>, { email: string }>({
      query: ({ email }) => ({ url: '/user/request_otp', params: { email } }),
    }),
    currentUser: build.query<Envelope<User>, void>({
      query: () => '/auth/current_user',
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const { useRequestOtpMutation, useLazyCurrentUserQuery } = userApi;
