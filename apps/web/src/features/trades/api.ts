import type { TradeStatus } from '@karta/shared/constants';
import type { Trade } from '@karta/shared/schemas/trades';
import type { RootState } from '../../lib/store/root-reducer';
import { API_BASE } from '../../lib/api-base-url';
import { baseApi, type Envelope } from '../../lib/base-api';
import { buildHistoryListQuery, getHistoryListTag, type RecordKey } from '../../lib/history-api';
import { getRefreshSession } from '../../lib/store/store-extra';
import { UploadError, uploadWithProgress } from '../../lib/upload-with-progress';

interface AddTradeArgs {
  subcategoryId: string;
  amount: number;
  comment: string;
  images: readonly File[];
  onProgress?: (fraction: number) => void;
}

/** Text fields first: the server reads them before it starts on the photos. */
function buildTradeFormData({ subcategoryId, amount, comment, images }: AddTradeArgs) {
  const form = new FormData();
  form.append('subcategory_id', subcategoryId);
  form.append('amount', String(amount));
  if (comment.trim()) form.append('comment', comment.trim());
  form.append('device', 'web');
  for (const image of images) form.append('images', image, image.name);
  return form;
}

const LIST = getHistoryListTag('Trades');

/** Spec §7 trade calls. A new or cancelled trade refreshes the lists and the wallet. */
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
      queryFn: async (args, api) => {
        try {
          const envelope = await uploadWithProgress<Envelope<Trade>>({
            url: `${API_BASE}/trade/add_trade`,
            body: buildTradeFormData(args),
            getToken: () => (api.getState() as RootState).auth.token,
            refreshSession: () => getRefreshSession(api.extra)(api.dispatch),
            ...(args.onProgress ? { onProgress: args.onProgress } : {}),
          });
          return { data: envelope.data };
        } catch (error) {
          if (error instanceof UploadError) return { error: error.detail };
          return { error: { status: 'CUSTOM_ERROR', error: String(error) } };
        }
      },
      invalidatesTags: (result) => (result ? [LIST, 'Wallet', 'Statement'] : []),
    }),
    cancelTrade: build.mutation<Trade, { userId: string; tradeId: string }>({
      query: ({ userId, tradeId }) => ({
        url: `/trade/cancel_trade/${encodeURIComponent(userId)}`,
        method: 'POST',
        body: { trade_id: tradeId },
      }),
      transformResponse: (response: Envelope<Trade>) => response.data,
      // Also on failure: a 409 means the trade moved on, and the screen should show how.
      invalidatesTags: (_result, _error, { tradeId }) => [
        { type: 'Trades', id: tradeId },
        LIST,
        'Wallet',
        'Statement',
      ],
    }),
  }),
});

export const { useGetTradesQuery, useGetTradeQuery, useAddTradeMutation, useCancelTradeMutation } =
  tradesApi;
