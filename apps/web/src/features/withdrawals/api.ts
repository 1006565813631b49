import type { WithdrawalStatus } from '@karta/shared/constants';
import type { Withdrawal, WithdrawalRequestInputSchema } from '@karta/shared/schemas/withdrawals';
import type { z } from 'zod';
import { baseApi, type Envelope } from '../../lib/base-api';
import { buildHistoryListQuery, getHistoryListTag, type RecordKey } from '../../lib/history-api';
import { WITHDRAWAL_TERMS_TAG } from '../../lib/withdrawal-terms-api';

export type WithdrawalRequestBody = z.input<typeof WithdrawalRequestInputSchema>;

interface RequestWithdrawalArgs {
  userId: string;
  /** Made once per confirmation screen, so a retry can never pay twice (docs/ARCHITECTURE.md#api-conventions). */
  idempotencyKey: string;
  body: WithdrawalRequestBody;
}

const LIST = getHistoryListTag('Withdrawals');
/** Today's remaining limit changes with every withdrawal (lib/withdrawal-terms-api.ts). */
const TERMS = WITHDRAWAL_TERMS_TAG;

/** docs/product.md §7 withdrawal calls. A new withdrawal refreshes the wallet, the lists and the statement. */
const withdrawalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawals: buildHistoryListQuery<Withdrawal, WithdrawalStatus>(build, {
      path: '/transaction/fetch_withdrawal_request',
      tagType: 'Withdrawals',
    }),
    /** `id` is the `transaction_id` (what links carry) or the `id`: the API takes either. */
    getWithdrawal: build.query<Withdrawal, RecordKey>({
      query: ({ userId, id }) => ({
        url: `/transaction/fetch_withdrawal_request/${encodeURIComponent(userId)}`,
        params: { transaction_id: id },
      }),
      transformResponse: (response: Envelope<Withdrawal>) => response.data,
      providesTags: (result, _error, { id }) => [{ type: 'Withdrawals', id: result?.id ?? id }],
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

export const { useGetWithdrawalsQuery, useGetWithdrawalQuery, useRequestWithdrawalMutation } =
  withdrawalsApi;
