import type {
  AccountPasswordInput,
  UpdatePasswordInput,
  UpdatePinInput,
  User,
} from '@karta/shared/schemas/users';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { OwnSession } from '@karta/shared/schemas/sessions';
import { getLagosDate } from '@karta/shared/dates';
import { dataExportFileName } from '@karta/shared/schemas/data-export';
import { baseApi, type Envelope, type SessionEnvelope } from '../../lib/base-api';
import { saveFile } from '../../lib/save-file';

/** The file when the answer is one (JSON too, so by its disposition); else the error envelope. */
const fileOrEnvelope = (response: Response): Promise<unknown> =>
  response.headers.get('content-disposition')?.startsWith('attachment')
    ? response.blob()
    : response.json();

/** The name the server gave the file, or today's Lagos date if a proxy dropped the header. */
const fileNameOf = (response: Response | undefined) =>
  /filename="([^"]+)"/.exec(response?.headers.get('content-disposition') ?? '')?.[1] ??
  dataExportFileName(getLagosDate(new Date()));

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
    /** The account's signed-in devices, the asking one marked (decision 075). */
    listOwnSessions: build.query<OwnSession[], string>({
      query: (userId) => `/user/sessions/${encodeURIComponent(userId)}`,
      transformResponse: (response: Envelope<OwnSession[]>) => response.data,
    }),
    /** Signs one device out; the others stay signed in. */
    endOwnSession: build.mutation<Envelope<null>, ForUser<{ session_id: string }>>({
      query: ({ userId, body }) => ({
        url: `/user/sessions/end/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
    }),
    /**
     * Everything Karta holds about the seller, saved by the browser as a JSON file (Nigeria Data
     * Protection Act 2023; docs/data-protection.md). Through the API client, not a plain link,
     * so it carries the token and refreshes it once on a 403; only the file's name is kept.
     */
    exportMyData: build.mutation<string, { userId: string }>({
      queryFn: async ({ userId }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: `/user/data_export/${encodeURIComponent(userId)}`,
          responseHandler: fileOrEnvelope,
        });
        if (result.error) return { error: result.error };
        const fileName = fileNameOf((result.meta as FetchBaseQueryMeta | undefined)?.response);
        saveFile(result.data as Blob, fileName);
        return { data: fileName };
      },
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
  useExportMyDataMutation,
  useSignOutMutation,
  useListOwnSessionsQuery,
  useEndOwnSessionMutation,
} = accountApi;
