import type { DeleteRateAlertInput, RateAlert } from '@karta/shared/schemas/rate-alerts';
import { RATE_ALERTS_MAX } from '@karta/shared/rate-alert-rules';
import { baseApi, type Envelope } from '../../lib/base-api';

export interface RateHistory {
  subcategory_id: string;
  currency: string;
  points: { date: string; rate: number }[];
  change_percent: number;
}

/**
 * The 30-day rate chart of the calculator (the card lists live in lib/catalog-api.ts), and the
 * seller's rate alerts, set on the calculator and kept in Settings (decision 039).
 */
const rateCalculatorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRateHistory: build.query<RateHistory, string>({
      query: (subcategoryId) => ({
        url: `/card/rate_history/${encodeURIComponent(subcategoryId)}`,
        params: { days: 30 },
      }),
      transformResponse: (response: Envelope<RateHistory>) => response.data,
      providesTags: ['Catalog'],
    }),
    /** A seller keeps at most RATE_ALERTS_MAX alerts: one page holds them all. */
    getRateAlerts: build.query<RateAlert[], string>({
      query: (userId) => ({
        url: `/user/rate_alerts/${encodeURIComponent(userId)}`,
        params: { size: RATE_ALERTS_MAX },
      }),
      transformResponse: (response: Envelope<{ data: RateAlert[] }>) => response.data.data,
      providesTags: ['RateAlerts'],
    }),
    saveRateAlert: build.mutation<
      RateAlert,
      { userId: string; body: { subcategory_id: string; rate: string } }
    >({
      query: ({ userId, body }) => ({
        url: `/user/rate_alerts/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<RateAlert>) => response.data,
      invalidatesTags: (result) => (result ? ['RateAlerts'] : []),
    }),
    deleteRateAlert: build.mutation<null, DeleteRateAlertInput>({
      query: (body) => ({ url: '/user/delete_rate_alert', method: 'POST', body }),
      transformResponse: (response: Envelope<null>) => response.data,
      invalidatesTags: ['RateAlerts'],
    }),
  }),
});

export const {
  useGetRateHistoryQuery,
  useGetRateAlertsQuery,
  useSaveRateAlertMutation,
  useDeleteRateAlertMutation,
} = rateCalculatorApi;
