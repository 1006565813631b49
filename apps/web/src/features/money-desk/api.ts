import type { PageMeta } from '@karta/shared/schemas/common';
import type {
  DeskWithdrawal,
  DeskWithdrawalDetail,
  FailWithdrawalInput,
  WithdrawalDeskFilter,
  WithdrawalDeskSummary,
} from '@karta/shared/schemas/withdrawal-desk';
import { baseApi, type Envelope } from '../../lib/base-api';

interface DeskPage {
  data: DeskWithdrawal[];
  meta: PageMeta;
}

interface DeskListArgs {
  status?: WithdrawalDeskFilter | undefined;
  q?: string | undefined;
  page: number;
}

/** Lists and the summary share one tag: an action anywhere refreshes the desk's figures. */
const DESK_LIST = { type: 'Withdrawals', id: 'DESK_LIST' } as const;

/** The money desk's calls (GET/POST /api/v1/admin/withdrawals). */
const moneyDeskApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDeskWithdrawals: build.query<DeskPage, DeskListArgs>({
      query: ({ status, q, page }) => ({
        url: '/admin/withdrawals',
        params: { page, ...(status ? { status } : {}), ...(q ? { q } : {}) },
      }),
      transformResponse: (response: Envelope<DeskPage>) => response.data,
      providesTags: (result) => [
        DESK_LIST,
        ...(result?.data.map((row) => ({ type: 'Withdrawals' as const, id: row.id })) ?? []),
      ],
    }),
    getDeskSummary: build.query<WithdrawalDeskSummary, void>({
      query: () => '/admin/withdrawals/summary',
      transformResponse: (response: Envelope<WithdrawalDeskSummary>) => response.data,
      providesTags: [DESK_LIST],
    }),
    getDeskWithdrawal: build.query<DeskWithdrawalDetail, string>({
      query: (id) => `/admin/withdrawals/${encodeURIComponent(id)}`,
      transformResponse: (response: Envelope<DeskWithdrawalDetail>) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Withdrawals', id }],
    }),
    recheckWithdrawal: build.mutation<Envelope<DeskWithdrawalDetail>, string>({
      query: (id) => ({
        url: `/admin/withdrawals/${encodeURIComponent(id)}/recheck`,
        method: 'POST',
      }),
      // Also on failure: the provider's silence is on the timeline too.
      invalidatesTags: (_result, _error, id) => [{ type: 'Withdrawals', id }, DESK_LIST],
    }),
    failWithdrawal: build.mutation<
      DeskWithdrawalDetail,
      { id: string; idempotencyKey: string } & FailWithdrawalInput
    >({
      query: ({ id, idempotencyKey, ...body }) => ({
        url: `/admin/withdrawals/${encodeURIComponent(id)}/fail`,
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body,
      }),
      transformResponse: (response: Envelope<DeskWithdrawalDetail>) => response.data,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Withdrawals', id }, DESK_LIST],
    }),
  }),
});

export const {
  useGetDeskWithdrawalsQuery,
  useGetDeskSummaryQuery,
  useGetDeskWithdrawalQuery,
  useRecheckWithdrawalMutation,
  useFailWithdrawalMutation,
} = moneyDeskApi;
