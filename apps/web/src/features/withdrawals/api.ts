import { PAGE_SIZE, type WithdrawalStatus } from '@karta/shared/constants';
import type { PageMeta } from '@karta/shared/schemas/common';
import type {
  Withdrawal,
  WithdrawalRequestInputSchema,
  WithdrawalTerms,
} from '@karta/shared/schemas/withdrawals';
import type { z } from 'zod';
import { baseApi, type Envelope } from '../../lib/base-api';

export type WithdrawalRequestBody = z.input<typeof WithdrawalRequestInputSchema>;

interface WithdrawalPage {
  data: Withdrawal[];
  meta: PageMeta;
}

interface WithdrawalListArgs {
  userId: string;
  page: number;
  /** Omitted for "All" (spec §7). */
  status?: WithdrawalStatus | undefined;
  /** `YYYY-MM-DD` or `YYYY-MM-DD,YYYY-MM-DD` (Lagos days). */
  dateQuery?: string | undefined;
}

interface RequestWithdrawalArgs {
  userId: string;
  /** Made once per confirmation screen, so a retry can never pay twice (DESIGN §2). */
  idempotencyKey: string;
  body: WithdrawalRequestBody;
}

const LIST = { type: 'Withdrawals', id: 'LIST' } as const;
/** Today's remaining limit changes with every withdrawal, so the terms share the tag type. */
const TERMS = { type: 'Withdrawals', id: 'TERMS' } as const;

/** Spec §7 withdrawal calls. A new withdrawal refreshes the wallet, the lists and the statement. */
const withdrawalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawalTerms: build.query<WithdrawalTerms, string>({
      query: (userId) => `/transaction/withdrawal_terms/${encodeURIComponent(userId)}`,
      transformResponse: (response: Envelope<WithdrawalTerms>) => response.data,
      providesTags: [TERMS],
    }),
    getWithdrawals: build.query<WithdrawalPage, WithdrawalListArgs>({
      query: ({ userId, page, status, dateQuery }) => ({
        url: `/transaction/fetch_withdrawal_request/${encodeURIComponent(userId)}`,
        params: {
          page,
          size: PAGE_SIZE,
          ...(status ? { status } : {}),
          ...(dateQuery ? { date_query: dateQuery } : {}),
        },
      }),
      transformResponse: (response: Envelope<WithdrawalPage>) => response.data,
      providesTags: (result) => [
        LIST,
        ...(result?.data.map((item) => ({ type: 'Withdrawals' as const, id: item.id })) ?? []),
      ],
    }),
    /** By `transaction_id` (what links carry) or by `id`: the API takes either. */
    getWithdrawal: build.query<Withdrawal, { userId: string; transactionId: string }>({
      query: ({ userId, transactionId }) => ({
        url: `/transaction/fetch_withdrawal_request/${encodeURIComponent(userId)}`,
        params: { transaction_id: transactionId },
      }),
      transformResponse: (response: Envelope<Withdrawal>) => response.data,
      providesTags: (result, _error, { transactionId }) => [
        { type: 'Withdrawals', id: result?.id ?? transactionId },
      ],
    }),
    requestWithdrawal: build.mutation<Withdrawal, RequestWithdrawalArgs>({
      query: ({ userId, idempotencyKey, body }) => ({
        url: `/transaction/withdrawal_request/${encodeURIComponent(userId)}`,
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body,
      }),
      transformResponse: (response: Envelope<Withdrawal>) => response.data,
      invalidatesTags: (result, _error, { body }) =>
        result
          ? [
              LIST,
              TERMS,
              'Wallet',
              'Statement',
              ...(body.add_as_beneficiary ? (['Beneficiaries'] as const) : []),
            ]
          : [],
    }),
  }),
});

export const {
  useGetWithdrawalTermsQuery,
  useGetWithdrawalsQuery,
  useGetWithdrawalQuery,
  useRequestWithdrawalMutation,
} = withdrawalsApi;
