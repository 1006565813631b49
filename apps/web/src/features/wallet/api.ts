import type { PageMeta } from '@karta/shared/schemas/common';
import type { StatementEntry } from '@karta/shared/schemas/wallet';
import { PAGE_SIZE } from '@karta/shared/constants';
import { baseApi, type Envelope } from '../../lib/base-api';

interface StatementPage {
  data: StatementEntry[];
  meta: PageMeta;
}

/** The wallet's statement (issue 5 contract); trades invalidate it. The balance: lib/wallet-api.ts. */
const walletApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetStatementQuery } = walletApi;
