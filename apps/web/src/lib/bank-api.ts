import type { Bank, BankAccountInput, ResolvedAccount } from '@karta/shared/schemas/finance';
import { baseApi, type Envelope } from './base-api';

/** The bank list changes a few times a year; one read per visit is plenty. */
const BANKS_KEEP_SECONDS = 60 * 60;

/**
 * docs/product.md §7: the banks we pay and account name resolution, used by every form that takes a bank
 * account (a beneficiary, a withdrawal).
 */
const bankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBanks: build.query<Bank[], void>({
      query: () => '/finance/get_banks',
      transformResponse: (response: Envelope<Bank[]>) => response.data,
      keepUnusedDataFor: BANKS_KEEP_SECONDS,
    }),
    /**
     * A mutation, not a query: docs/product.md §7 says "not cached", and each call asks the bank for the
     * name as it is now.
     */
    verifyBankAccount: build.mutation<ResolvedAccount, BankAccountInput>({
      query: (body) => ({ url: '/finance/verify_bank_account', method: 'POST', body }),
      transformResponse: (response: Envelope<ResolvedAccount>) => response.data,
    }),
  }),
});

export const { useGetBanksQuery, useVerifyBankAccountMutation } = bankApi;
