import type { IfNoAnswer, TradeStatus } from '@karta/shared/constants';
import type { Trade } from '@karta/shared/schemas/trades';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { baseApi, type Envelope } from '../../lib/base-api';
import { buildHistoryListQuery, getHistoryListTag, type RecordKey } from '../../lib/history-api';
import { sendUploadForm } from '../../lib/send-upload-form';

interface AddTradeArgs {
  subcategoryId: string;
  amount: number;
  comment: string;
  /** What an unanswered lower offer becomes; the server's default is decline. */
  ifNoAnswer?: IfNoAnswer;
  images: readonly File[];
  onProgress?: (fraction: number) => void;
}

/** Text fields first: the server reads them before it starts on the photos. */
function buildTradeFormData({ subcategoryId, amount, comment, ifNoAnswer, images }: AddTradeArgs) {
  const form = new FormData();
  form.append('subcategory_id', subcategoryId);
  form.append('amount', String(amount));
  if (comment.trim()) form.append('comment', comment.trim());
  form.append('device', 'web');
  if (ifNoAnswer) form.append('if_no_answer', ifNoAnswer);
  for (const image of images) form.append('images', image, image.name);
  return form;
}

interface RespondTradeArgs {
  userId: string;
  tradeId: string;
  comment: string;
  images: readonly File[];
  onProgress?: (fraction: number) => void;
}

/** The answer to our question: the trade and the words first, then the photos. */
function buildAnswerFormData({ tradeId, comment, images }: RespondTradeArgs) {
  const form = new FormData();
  form.append('trade_id', tradeId);
  form.append('comment', comment.trim());
  for (const image of images) form.append('images', image, image.name);
  return form;
}

/** A trade form with upload progress (lib/send-upload-form.ts); the answer is the trade. */
const sendTradeForm = (
  api: BaseQueryApi,
  path: string,
  body: FormData,
  onProgress: ((fraction: number) => void) | undefined,
) => sendUploadForm<Trade>(api, path, body, onProgress);

const LIST = getHistoryListTag('Trades');

/** The seller answered or cancelled: the trade, the list, the wallet and the statement read again. */
const settledTradeTags = (tradeId: string) => [
  { type: 'Trades' as const, id: tradeId },
  LIST,
  'Wallet' as const,
  'Statement' as const,
];

/** docs/product.md §7 trade calls. A new or cancelled trade refreshes the lists and the wallet. */
const tradesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTrades: buildHistoryListQuery<Trade, TradeStatus>(build, {
      path: '/trade/fetch_trade',
      tagType: 'Trades',
    }),
    /** By the trade's id, which its detail route carries. */
    getTrade: build.query<Trade, RecordKey>({
      query: ({ userId, id }) => ({
        url: `/trade/fetch_trade/${encodeURIComponent(userId)}`,
        params: { trade_id: id },
      }),
      transformResponse: (response: Envelope<Trade>) => response.data,
      providesTags: (_result, _error, { id }) => [{ type: 'Trades', id }],
    }),
    /**
     * Multipart with upload progress: XMLHttpRequest instead of fetch (lib/upload-with-progress),
     * inside a queryFn so the cache, the tags and the error toasts work as for any call.
     */
    addTrade: build.mutation<Trade, AddTradeArgs>({
      queryFn: (args, api) =>
        sendTradeForm(api, '/trade/add_trade', buildTradeFormData(args), args.onProgress),
      invalidatesTags: (result) => (result ? [LIST, 'Wallet', 'Statement'] : []),
    }),
    /** The seller answers our question (multipart, with upload progress like addTrade). */
    respondTrade: build.mutation<Trade, RespondTradeArgs>({
      queryFn: (args, api) =>
        sendTradeForm(
          api,
          `/trade/respond_trade/${encodeURIComponent(args.userId)}`,
          buildAnswerFormData(args),
          args.onProgress,
        ),
      // Also on failure: a 409 means the trade moved on (cancelled, already answered).
      invalidatesTags: (_result, _error, { tradeId }) => [{ type: 'Trades', id: tradeId }, LIST],
    }),
    /** The seller's yes (credited at once) or no (declined) to our lower offer. */
    answerOffer: build.mutation<Trade, { userId: string; tradeId: string; accept: boolean }>({
      query: ({ userId, tradeId, accept }) => ({
        url: `/trade/answer_offer/${encodeURIComponent(userId)}`,
        method: 'POST',
        body: { trade_id: tradeId, accept },
      }),
      transformResponse: (response: Envelope<Trade>) => response.data,
      // Also on failure: a 409 means the offer was settled already, and the screen shows how.
      invalidatesTags: (_result, _error, { tradeId }) => settledTradeTags(tradeId),
    }),
    cancelTrade: build.mutation<Trade, { userId: string; tradeId: string }>({
      query: ({ userId, tradeId }) => ({
        url: `/trade/cancel_trade/${encodeURIComponent(userId)}`,
        method: 'POST',
        body: { trade_id: tradeId },
      }),
      transformResponse: (response: Envelope<Trade>) => response.data,
      // Also on failure: a 409 means the trade moved on, and the screen should show how.
      invalidatesTags: (_result, _error, { tradeId }) => settledTradeTags(tradeId),
    }),
  }),
});

export const {
  useGetTradesQuery,
  useGetTradeQuery,
  useAddTradeMutation,
  useCancelTradeMutation,
  useRespondTradeMutation,
  useAnswerOfferMutation,
} = tradesApi;
