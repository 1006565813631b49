import type {
  AccountApproval,
  BeneficiaryAccount,
  DeleteBeneficiaryInput,
} from '@karta/shared/schemas/beneficiaries';
import type { BankAccountInput } from '@karta/shared/schemas/finance';
import { baseApi, type Envelope } from '../../lib/base-api';

/** The API answers this exact message when the account was removed (docs/product.md §7). */
export const DELETE_SUCCESS_MESSAGE = 'success';

/** docs/product.md §7: adding a beneficiary account and deleting one (the list: lib/beneficiaries-api.ts). */
const beneficiariesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The server resolves the account name itself; the client never sends one (docs/ARCHITECTURE.md#domain-rules). */
    addBeneficiary: build.mutation<BeneficiaryAccount, { userId: string; body: BankAccountInput }>({
      query: ({ userId, body }) => ({
        url: `/user/add_beneficiary_account/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<BeneficiaryAccount>) => response.data,
      invalidatesTags: (result) => (result ? ['Beneficiaries'] : []),
    }),
    /** Asks Karta to approve an account not in the seller's own name (decision 064). */
    requestAccountApproval: build.mutation<
      AccountApproval,
      { userId: string; body: BankAccountInput }
    >({
      query: ({ userId, body }) => ({
        url: `/user/request_account_approval/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<AccountApproval>) => response.data,
    }),
    deleteBeneficiary: build.mutation<Envelope<unknown>, DeleteBeneficiaryInput>({
      query: (body) => ({ url: '/user/delete_beneficiary_account', method: 'POST', body }),
      invalidatesTags: (result) =>
        result?.message === DELETE_SUCCESS_MESSAGE ? ['Beneficiaries'] : [],
    }),
  }),
});

export const {
  useAddBeneficiaryMutation,
  useDeleteBeneficiaryMutation,
  useRequestAccountApprovalMutation,
} = beneficiariesApi;
