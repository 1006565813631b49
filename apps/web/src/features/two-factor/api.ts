import type { z } from 'zod';
import type {
  CurrentUserSchema,
  DisableTwoFactorInputSchema,
  RecoveryCodesSchema,
  TotpCodeInputSchema,
  TotpSetupInputSchema,
  TotpSetupSchema,
} from '@karta/shared/schemas/two-factor';
import { baseApi, type Envelope } from '../../lib/base-api';

type CurrentUser = z.infer<typeof CurrentUserSchema>;
type TotpSetup = z.infer<typeof TotpSetupSchema>;
type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

interface ForUser<T> {
  userId: string;
  body: T;
}

const forUser = (action: string, userId: string) =>
  `/user/two_factor/${action}/${encodeURIComponent(userId)}`;

/** Two-step sign-in's settings (decision 061): the account's status, turning it on and off. */
const twoFactorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `current_user` with its `two_factor` status; the same tag as the user, refreshed together. */
    securityStatus: build.query<Envelope<CurrentUser>, void>({
      query: () => '/auth/current_user',
      providesTags: ['CurrentUser'],
    }),
    setUpTotp: build.mutation<Envelope<TotpSetup>, ForUser<z.infer<typeof TotpSetupInputSchema>>>({
      query: ({ userId, body }) => ({ url: forUser('totp/setup', userId), method: 'POST', body }),
    }),
    enableTotp: build.mutation<
      Envelope<RecoveryCodes>,
      ForUser<z.infer<typeof TotpCodeInputSchema>>
    >({
      query: ({ userId, body }) => ({ url: forUser('totp/enable', userId), method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
    disableTwoFactor: build.mutation<
      Envelope<null>,
      ForUser<z.infer<typeof DisableTwoFactorInputSchema>>
    >({
      query: ({ userId, body }) => ({ url: forUser('disable', userId), method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const {
  useSecurityStatusQuery,
  useSetUpTotpMutation,
  useEnableTotpMutation,
  useDisableTwoFactorMutation,
} = twoFactorApi;
