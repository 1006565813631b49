import type { z } from 'zod';
import type { Passkey, PasskeyRegistrationOptionsSchema } from '@karta/shared/schemas/passkeys';
import { baseApi, type Envelope } from '../../lib/base-api';

/** What the browser gave back: checked by the API, passed on as it is. */
interface ForUser<T> {
  userId: string;
  body: T;
}

const forUser = (action: string, userId: string) =>
  `/user/passkeys/${action}${encodeURIComponent(userId)}`;

/**
 * Passkeys (decision 062): the account's list, adding and removing them (all tagged with the
 * current user, whose `two_factor.passkeys` counts them). Signing in with one is in features/auth.
 */
export const passkeysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    passkeys: build.query<Envelope<Passkey[]>, string>({
      query: (userId) => forUser('', userId),
      providesTags: ['CurrentUser'],
    }),
    passkeyRegistrationOptions: build.mutation<
      Envelope<z.infer<typeof PasskeyRegistrationOptionsSchema>>,
      string
    >({
      query: (userId) => ({ url: forUser('options/', userId), method: 'POST', body: {} }),
    }),
    addPasskey: build.mutation<Envelope<Passkey>, ForUser<{ name: string; response: unknown }>>({
      query: ({ userId, body }) => ({ url: forUser('', userId), method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
    removePasskey: build.mutation<Envelope<null>, ForUser<{ passkey_id: string }>>({
      query: ({ userId, body }) => ({ url: forUser('delete/', userId), method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const { usePasskeysQuery, useRemovePasskeyMutation } = passkeysApi;
