import { baseApi, type Envelope } from '../../lib/base-api';

export interface RateHistory {
  subcategory_id: string;
  currency: string;
  points: { date: string; rate: number }[];
  change_percent: number;
}

/** The 30-day rate chart of the calculator (the card lists live in lib/catalog-api.ts). */
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
  }),
});

export const { useGetRateHistoryQuery } = rateCalculatorApi;
