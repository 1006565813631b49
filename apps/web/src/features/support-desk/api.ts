import type { ClaimHeartbeat } from '@karta/shared/schemas/claims';
import type { PageMeta } from '@karta/shared/schemas/common';
import {
  SUPPORT_PHOTOS_FIELD,
  type ClaimedSupportConversation,
  type SavedReply,
  type SavedReplyInput,
  type SupportConversation,
  type SupportQueueItem,
  type SupportStatus,
} from '@karta/shared/schemas/support';
import { baseApi, type Envelope } from '../../lib/base-api';
import { sendUploadForm } from '../../lib/send-upload-form';

const QUEUE_PAGE_SIZE = 20;
const LIST = { type: 'SupportDesk', id: 'LIST' } as const;

interface SupportQueuePage {
  data: SupportQueueItem[];
  meta: PageMeta;
}

/** A reply: to a conversation (`id`), or to a trade's (`tradeId`), made on the first. */
interface DeskReplyArgs {
  target: { id: string } | { tradeId: string };
  body: string;
  photos: File[];
  onProgress?: (fraction: number) => void;
}

function replyForm({ body, photos }: DeskReplyArgs) {
  const form = new FormData();
  form.append('body', body.trim());
  for (const photo of photos) form.append(SUPPORT_PHOTOS_FIELD, photo, photo.name);
  return form;
}

const replyPath = ({ target }: DeskReplyArgs) =>
  'id' in target
    ? `/admin/support/${encodeURIComponent(target.id)}/messages`
    : `/admin/trades/${encodeURIComponent(target.tradeId)}/conversation/messages`;

const conversationTags = (result: SupportConversation | null | undefined) =>
  result
    ? [
        { type: 'SupportDesk' as const, id: result.id },
        ...(result.trade ? [{ type: 'SupportDesk' as const, id: `trade-${result.trade.id}` }] : []),
        LIST,
      ]
    : [LIST];

/** The support desk's calls (/api/v1/admin/support, decision 070). */
const supportDeskApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSupportQueue: build.query<SupportQueuePage, { status: SupportStatus; page: number }>({
      query: ({ status, page }) => ({
        url: '/admin/support',
        params: { status, page, size: QUEUE_PAGE_SIZE },
      }),
      transformResponse: (response: Envelope<SupportQueuePage>) => response.data,
      providesTags: [LIST],
    }),
    getDeskConversation: build.query<SupportConversation, string>({
      query: (id) => `/admin/support/${encodeURIComponent(id)}`,
      transformResponse: (response: Envelope<SupportConversation>) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'SupportDesk', id }],
    }),
    getTradeConversation: build.query<SupportConversation | null, string>({
      query: (tradeId) => `/admin/trades/${encodeURIComponent(tradeId)}/conversation`,
      transformResponse: (response: Envelope<SupportConversation | null>) => response.data,
      providesTags: (_result, _error, tradeId) => [{ type: 'SupportDesk', id: `trade-${tradeId}` }],
    }),
    claimConversation: build.mutation<ClaimedSupportConversation, string>({
      query: (id) => ({ url: `/admin/support/${encodeURIComponent(id)}/claim`, method: 'POST' }),
      transformResponse: (response: Envelope<ClaimedSupportConversation>) => response.data,
      // Also on failure: a 409 names who holds it, which the page then shows.
      invalidatesTags: (result, _error, id) => [
        ...conversationTags(result),
        { type: 'SupportDesk', id },
      ],
    }),
    /** Decision 078: the open page's sign of life; a lost claim refetches who holds it now. */
    heartbeatSupportClaim: build.mutation<ClaimHeartbeat, string>({
      query: (id) => ({
        url: `/admin/support/${encodeURIComponent(id)}/heartbeat`,
        method: 'POST',
      }),
      transformResponse: (response: Envelope<ClaimHeartbeat>) => response.data,
      invalidatesTags: (_result, error, id) => (error ? [{ type: 'SupportDesk', id }] : []),
    }),
    takeOverSupportClaim: build.mutation<ClaimedSupportConversation, string>({
      query: (id) => ({
        url: `/admin/support/${encodeURIComponent(id)}/take_over`,
        method: 'POST',
      }),
      transformResponse: (response: Envelope<ClaimedSupportConversation>) => response.data,
      invalidatesTags: (result, _error, id) => [
        ...conversationTags(result),
        { type: 'SupportDesk', id },
      ],
    }),
    releaseSupportClaim: build.mutation<SupportConversation, string>({
      query: (id) => ({ url: `/admin/support/${encodeURIComponent(id)}/release`, method: 'POST' }),
      transformResponse: (response: Envelope<SupportConversation>) => response.data,
      invalidatesTags: (result, _error, id) => [
        ...conversationTags(result),
        { type: 'SupportDesk', id },
      ],
    }),
    replyToSeller: build.mutation<SupportConversation, DeskReplyArgs>({
      queryFn: (args, api) =>
        sendUploadForm<SupportConversation>(api, replyPath(args), replyForm(args), args.onProgress),
      invalidatesTags: (result) => conversationTags(result),
    }),
    resolveConversation: build.mutation<SupportConversation, string>({
      query: (id) => ({ url: `/admin/support/${encodeURIComponent(id)}/resolve`, method: 'POST' }),
      transformResponse: (response: Envelope<SupportConversation>) => response.data,
      invalidatesTags: (result, _error, id) => [
        ...conversationTags(result),
        { type: 'SupportDesk', id },
      ],
    }),
    getSavedReplies: build.query<SavedReply[], void>({
      query: () => '/admin/saved_replies',
      transformResponse: (response: Envelope<SavedReply[]>) => response.data,
      providesTags: ['SavedReplies'],
    }),
    createSavedReply: build.mutation<SavedReply, SavedReplyInput>({
      query: (body) => ({ url: '/admin/saved_replies', method: 'POST', body }),
      transformResponse: (response: Envelope<SavedReply>) => response.data,
      invalidatesTags: ['SavedReplies'],
    }),
    deleteSavedReply: build.mutation<null, string>({
      query: (id) => ({
        url: `/admin/saved_replies/${encodeURIComponent(id)}/delete`,
        method: 'POST',
      }),
      invalidatesTags: ['SavedReplies'],
    }),
  }),
});

export const {
  useGetSupportQueueQuery,
  useGetDeskConversationQuery,
  useGetTradeConversationQuery,
  useClaimConversationMutation,
  useHeartbeatSupportClaimMutation,
  useTakeOverSupportClaimMutation,
  useReleaseSupportClaimMutation,
  useReplyToSellerMutation,
  useResolveConversationMutation,
  useGetSavedRepliesQuery,
  useCreateSavedReplyMutation,
  useDeleteSavedReplyMutation,
} = supportDeskApi;
