import type { PageMeta } from '@karta/shared/schemas/common';
import {
  statementFileName,
  type StatementEntry,
  type StatementFormat,
} from '@karta/shared/schemas/wallet';
import { PAGE_SIZE } from '@karta/shared/constants';
import { baseApi, type Envelope } from '../../lib/base-api';
import { saveFile } from '../../lib/save-file';

interface StatementPage {
  data: StatementEntry[];
  meta: PageMeta;
}

interface StatementRequest {
  userId: string;
  /** yyyy-MM, a Lagos calendar month. */
  month: string;
  format: StatementFormat;
}

/** The file when the answer is one; the JSON error envelope, parsed, when it is not. */
const fileOrEnvelope = (response: Response): Promise<unknown> =>
  response.headers.get('content-type')?.includes('application/json')
    ? response.json()
    : response.blob();

/** The wallet's statement (docs/api.md); trades invalidate it. The balance: lib/wallet-api.ts. */
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
    /**
     * A month's statement file, saved by the browser (decision 042). It goes through the API
     * client, not a plain link, so it carries the token and refreshes it once on a 403. The file
     * is saved here and only its name kept: a Blob does not belong in the store.
     */
    downloadStatement: build.mutation<string, StatementRequest>({
      queryFn: async ({ userId, month, format }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: `/transaction/statement/${encodeURIComponent(userId)}/download`,
          params: { month, format },
          responseHandler: fileOrEnvelope,
        });
        if (result.error) return { error: result.error };
        const fileName = statementFileName(month, format);
        saveFile(result.data as Blob, fileName);
        return { data: fileName };
      },
    }),
  }),
});

export const { useGetStatementQuery, useDownloadStatementMutation } = walletApi;
