import type {
  BeneficiaryAccount,
  DeleteBeneficiaryInput,
} from '@karta/shared/schemas/beneficiaries';
import { baseApi, type Envelope } from '../../lib/base-api';

/** The API answers this exact message when the account was removed (spec §7). */
export const DELETE_SUCCESS_MESSAGE = 'success';

/** Spec §7: the user's beneficiary accounts, and deleting one. */
export const beneficiariesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBeneficiaries: build.query<BeneficiaryAccount[], string>({
      query: (userId) => `/user/get_beneficiary_banks/${encodeURIComponent(userId)}`,
      transformResponse: (response: Envelope<{ data: BeneficiaryAccount[] }>) => response.data.data,
      providesTags: ['Beneficiaries'],
    }),
    deleteBeneficiary: build.mutation<Envelope<unknown>, DeleteBeneficiaryInput>({
      query: (body) => ({ url: '/user/delete_beneficiary_account', method: 'POST', body }),
      invalidatesTags: (result) =>
        result?.message === DELETE_SUCCESS_MESSAGE ? ['Beneficiaries'] : [],
    }),
  }),
});

export const { useGetBeneficiariesQuery, useDeleteBeneficiaryMutation } = beneficiariesApi;
