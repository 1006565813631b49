import type { AuditPage } from '@karta/shared/schemas/audit-trail';
import { baseApi, type Envelope } from '../../lib/base-api';
import type { AuditFilters } from './audit-filters';

/** The audit trail's one call (GET /api/v1/admin/audit, admins only). */
const auditTrailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditTrail: build.query<AuditPage, AuditFilters & { page: number }>({
      query: ({ actions, ...rest }) => {
        const params: Record<string, string | number> = { page: rest.page };
        for (const key of ['actor', 'target_type', 'target_id', 'from', 'to'] as const) {
          if (rest[key]) params[key] = rest[key];
        }
        if (actions.length) params.action = actions.join(',');
        return { url: '/admin/audit', params };
      },
      transformResponse: (response: Envelope<AuditPage>) => response.data,
    }),
  }),
});

export const { useGetAuditTrailQuery } = auditTrailApi;
