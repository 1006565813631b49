import type {
  SellerConversation,
  SellerConversationDetail,
  SellerConversationList,
  SellerMessageSent,
} from '@karta/shared/schemas/support';
import { SUPPORT_PHOTOS_FIELD } from '@karta/shared/schemas/support';
import { baseApi, type Envelope } from '../../lib/base-api';
import { sendUploadForm } from '../../lib/send-upload-form';

const INBOX_PAGE_SIZE = 20;
/** The newest messages of a conversation a page shows; older ones behind "Show earlier". */
const THREAD_PAGE_SIZE = 50;

interface SendMessageArgs {
  userId: string;
  tradeId?: string | undefined;
  conversationId?: string | undefined;
  body: string;
  photos: File[];
  onProgress?: (fraction: number) => void;
}

/** Text fields first: the server checks them before it decodes a photo. */
function messageForm({ tradeId, conversationId, body, photos }: SendMessageArgs) {
  const form = new FormData();
  if (tradeId) form.append('trade_id', tradeId);
  if (conversationId) form.append('conversation_id', conversationId);
  form.append('body', body.trim());
  for (const photo of photos) form.append(SUPPORT_PHOTOS_FIELD, photo, photo.name);
  return form;
}

/** The seller's conversations with the Karta team (decision 070). */
const supportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<
      SellerConversationList,
      { userId: string; page?: number; tradeId?: string }
    >({
      query: ({ userId, page = 1, tradeId }) => ({
        url: `/support/conversations/${encodeURIComponent(userId)}`,
        params: { page, size: INBOX_PAGE_SIZE, ...(tradeId && { trade_id: tradeId }) },
      }),
      transformResponse: (response: Envelope<SellerConversationList>) => response.data,
      providesTags: [{ type: 'Support', id: 'LIST' }],
    }),
    getConversation: build.query<
      SellerConversationDetail,
      { userId: string; conversationId: string; size?: number }
    >({
      query: ({ userId, conversationId, size = THREAD_PAGE_SIZE }) => ({
        url: `/support/conversations/${encodeURIComponent(userId)}/${encodeURIComponent(conversationId)}`,
        params: { page: 1, size },
      }),
      transformResponse: (response: Envelope<SellerConversationDetail>) => response.data,
      providesTags: (_result, _error, { conversationId }) => [
        { type: 'Support', id: conversationId },
      ],
    }),
    sendMessage: build.mutation<SellerMessageSent, SendMessageArgs>({
      queryFn: (args, api) =>
        sendUploadForm<SellerMessageSent>(
          api,
          `/support/messages/${encodeURIComponent(args.userId)}`,
          messageForm(args),
          args.onProgress,
        ),
      invalidatesTags: (result) => [
        { type: 'Support', id: 'LIST' },
        ...(result ? [{ type: 'Support' as const, id: result.conversation.id }] : []),
      ],
    }),
    readConversation: build.mutation<
      SellerConversation,
      { userId: string; conversationId: string }
    >({
      query: ({ userId, conversationId }) => ({
        url: `/support/read/${encodeURIComponent(userId)}`,
        method: 'POST',
        body: { conversation_id: conversationId },
      }),
      transformResponse: (response: Envelope<SellerConversation>) => response.data,
      invalidatesTags: [{ type: 'Support', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetConversationsQuery,
  useGetConversationQuery,
  useSendMessageMutation,
  useReadConversationMutation,
} = supportApi;
