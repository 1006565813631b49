import { baseApi, type Envelope } from './base-api';

/** What the operators have configured for the contact pages (docs/product.md §1). */
interface AppConfig {
  support_email: string;
  support_phone: string;
}

const appConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAppConfig: build.query<AppConfig, void>({
      query: () => '/app/config',
      transformResponse: (response: Envelope<AppConfig>) => response.data,
      // Contact details change rarely; one fetch serves a whole visit.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetAppConfigQuery } = appConfigApi;
