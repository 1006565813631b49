import type {
  Bank,
  BankAccountInput,
  KycResultSchema,
  ResolvedAccount,
  VerifyKycInput,
} from '@karta/shared/schemas/finance';
import type { z } from 'zod';
import { baseApi, type Envelope } from '../../lib/base-api';

type KycResult = z.infer<typeof KycResultSchema>;

/** The bank list changes a few times a year; one read per visit is plenty. */
const BANKS_KEEP_SECONDS = 60 * 60;

/** Spec §7 finance calls: the banks we pay, account name resolution, and BVN (KYC). */
const financeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBanks: build.query<Bank[], void>({
      query: () => '/finance/get_banks',
      transformResponse: (response: Envelope<Bank[]>) => response.data,
      keepUnusedDataFor: BANKS_KEEP_SECONDS,
    }),
    /**
     * A mutation, not a query: spec §7 says "not cached", and each call asks the bank for the
     * name as it is now.
     */
    verifyBankAccount: build.mutation<ResolvedAccount, BankAccountInput>({
      query: (body) => ({ url: '/finance/verify_bank_account', method: 'POST', body }),
      transformResponse: (response: Envelope<ResolvedAccount>) => response.data,
    }),
    verifyKyc: build.mutation<KycResult, { userId: string; body: VerifyKycInput }>({
      query: ({ userId, body }) => ({
        url: `/user/verify_kyc/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<KycResult>) => response.data,
      invalidatesTags: (result) => (result ? ['CurrentUser'] : []),
    }),
  }),
});

export const { useGetBanksQuery, useVerifyBankAccountMutation, useVerifyKycMutation } = financeApi;
