import type { Wallet } from '@karta/shared/schemas/wallet';
import { baseApi, type Envelope } from './base-api';

/** The naira wallet's balance (decision 011, docs/api.md), shown on the overview and the withdraw page. */
const walletApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWallet: build.query<Wallet, string>({
      query: (userId) => `/transaction/wallet/${encodeURIComponent(userId)}`,
      transformResponse: (response: Envelope<Wallet>) => response.data,
      providesTags: ['Wallet'],
    }),
  }),
});

export const { useGetWalletQuery } = walletApi;
