import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import { baseApi, type Envelope } from './base-api';

/** docs/product.md §7: the user's beneficiary accounts, listed in settings and offered on the withdraw page. */
const beneficiariesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBeneficiaries: build.query<BeneficiaryAccount[], string>({
      query: (userId) => `/user/get_beneficiary_banks/${encodeURIComponent(userId)}`,
      transformResponse: (response: Envelope<{ data: BeneficiaryAccount[] }>) => response.data.data,
      providesTags: ['Beneficiaries'],
    }),
  }),
});

export const { useGetBeneficiariesQuery } = beneficiariesApi;
