import type {
  AccountPasswordInput,
  UpdatePasswordInput,
  UpdatePinInput,
  User,
} from '@karta/shared/schemas/users';
import { baseApi, type Envelope, type SessionEnvelope } from '../../lib/base-api';

interface ForUser<T> {
  userId: string;
  body: T;
}

/** docs/product.md §7: the signed-in user's security actions, each on their own `{user_id}`. */
const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Answers a new token: the server ends every other session (see startSession). */
    updatePassword: build.mutation<SessionEnvelope<User>, ForUser<UpdatePasswordInput>>({
      query: ({ userId, body }) => ({
        url: `/user/update_password/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
    }),
    updatePin: build.mutation<Envelope<User>, ForUser<UpdatePinInput>>({
      query: ({ userId, body }) => ({
        url: `/user/update_pin/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
    }),
    deactivateAccount: build.mutation<Envelope<null>, ForUser<AccountPasswordInput>>({
      query: ({ userId, body }) => ({
        url: `/user/deactivate_account/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
    }),
    signOut: build.mutation<Envelope<null>, void>({
      query: () => ({ url: '/auth/signout', method: 'POST' }),
    }),
    deleteAccount: build.mutation<Envelope<null>, ForUser<AccountPasswordInput>>({
      query: ({ userId, body }) => ({
        url: `/user/delete_account/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const {
  useUpdatePasswordMutation,
  useUpdatePinMutation,
  useDeactivateAccountMutation,
  useDeleteAccountMutation,
  useSignOutMutation,
} = accountApi;
