import type { AutoWithdrawalInput, AutoWithdrawalState } from '@karta/shared/schemas/users';
import { baseApi, type Envelope } from '../../lib/base-api';

/** Automatic withdrawal's switch (decision 038); its state comes with the current user. */
const autoWithdrawalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    switchAutoWithdrawal: build.mutation<
      Envelope<AutoWithdrawalState>,
      { userId: string; body: AutoWithdrawalInput }
    >({
      query: ({ userId, body }) => ({
        url: `/user/auto_withdrawal/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useSwitchAutoWithdrawalMutation } = autoWithdrawalApi;
