import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema } from '@karta/shared/schemas/audit-trail';
import { staffRoutes } from '../../lib/json-routes';
import { listAuditTrail } from './audit.service';

/** `/api/v1/admin/audit`: the audit trail, for admins only (decision 028). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminRoute } = staffRoutes(app, 'audit trail');

  adminRoute.get('/', {
    operationId: 'listAuditEntries',
    summary:
      'Admin only: every audited action newest first, 50 a page, by actor (account id or e-mail prefix), action (one or several), target (type, and id) and Lagos days from/to; counted and paged up to AUDIT_COUNT_CAP entries',
    input: { querystring: AuditQuerySchema },
    answers: AuditPageSchema,
    message: 'Audit trail',
    handle: (request) => listAuditTrail(app.ctx, request.query),
  });
};
