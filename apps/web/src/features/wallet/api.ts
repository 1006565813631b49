import type { PageMeta } from '@karta/shared/schemas/common';
import type { StatementEntry, Wallet } from '@karta/shared/schemas/wallet';
import { PAGE_SIZE } from '@karta/shared/constants';
import { baseApi, type Envelope } from '../../lib/base-api';

interface StatementPage {
  data: StatementEntry[];
  meta: PageMeta;
}

/** The naira wallet and its statement (issue 5 contract); trades invalidate both. */
const walletApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWallet: build.query<Wallet, string>({
      query: (userId) => `/transaction/wallet/${encodeURIComponent(userId)}`,
      transformResponse: (response: Envelope<Wallet>) => response.data,
      providesTags: ['Wallet'],
    }),
    getStatement: build.query<StatementPage, { userId: string; page: number }>({
      query: ({ userId, page }) => ({
        url: `/transaction/statement/${encodeURIComponent(userId)}`,
        params: { page, size: PAGE_SIZE },
      }),
      transformResponse: (response: Envelope<StatementPage>) => response.data,
      providesTags: ['Statement'],
    }),
  }),
});

export const { useGetWalletQuery, useGetStatementQuery } = walletApi;
