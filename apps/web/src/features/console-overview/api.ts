import type {
  ConsoleOverview,
  ResolvePayoutAlertInput,
} from '@karta/shared/schemas/console-overview';
import type { PayoutAlert } from '@karta/shared/schemas/withdrawal-desk';
import { baseApi, type Envelope } from '../../lib/base-api';

/**
 * The overview shares the money desk's tag type: resolving an alert refreshes the overview,
 * the desk's list and summary (`DESK_LIST`) and the withdrawal's own page.
 */
const OVERVIEW = { type: 'Withdrawals', id: 'OVERVIEW' } as const;
const DESK_LIST = { type: 'Withdrawals', id: 'DESK_LIST' } as const;

/** `GET /api/v1/admin/overview` and `POST /api/v1/admin/payout_alerts/{id}/resolve`. */
const consoleOverviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOverview: build.query<ConsoleOverview, void>({
      query: () => '/admin/overview',
      transformResponse: (response: Envelope<ConsoleOverview>) => response.data,
      providesTags: [OVERVIEW],
    }),
    resolvePayoutAlert: build.mutation<
      PayoutAlert,
      { id: string; withdrawalId: string } & ResolvePayoutAlertInput
    >({
      query: ({ id, note }) => ({
        url: `/admin/payout_alerts/${encodeURIComponent(id)}/resolve`,
        method: 'POST',
        body: { note },
      }),
      transformResponse: (response: Envelope<PayoutAlert>) => response.data,
      // Also on failure: a 409 means someone else resolved it, and the list should say so.
      invalidatesTags: (_result, _error, { withdrawalId }) => [
        OVERVIEW,
        DESK_LIST,
        { type: 'Withdrawals', id: withdrawalId },
      ],
    }),
  }),
});

export const { useGetOverviewQuery, useResolvePayoutAlertMutation } = consoleOverviewApi;
