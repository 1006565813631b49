import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataExportSchema, DATA_EXPORT_LIMIT_PER_HOUR } from '@karta/shared/schemas/data-export';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { declareRoute } from '../../lib/declare-route';
import { ownAccountAccess } from '../../lib/route-access';
import { exportSellerData } from './data-export.service';

/** The seller's own data as a file (Nigeria Data Protection Act 2023; docs/data-protection.md). */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  // A file, not the envelope: declared by hand as the statement's download is (a refusal is
  // still the JSON envelope).
  declareRoute(app, {
    method: 'GET',
    url: '/data_export/:user_id',
    operationId: 'exportMyData',
    tags: ['user'],
    access: ownAccountAccess(app),
    summary: `Everything Karta holds about the signed-in seller as a JSON attachment \`karta-data-<Lagos date>.json\`: profile, BVN's last four digits and date, second factors (never secrets), sign-ins, trades with their timeline and what was sent (photos described, not linked), withdrawals, wallet lines, saved accounts, notices, referrals and rate alerts. ${String(DATA_EXPORT_LIMIT_PER_HOUR)} an hour per account (429 with Retry-After); each download is told in the bell and by mail`,
    input: { params: UserIdParamsSchema },
    response: {
      200: {
        description: 'The file: the seller’s data, as of `made_at`',
        content: { 'application/json': { schema: DataExportSchema } },
      },
    },
    answerHeaders: ['Content-Disposition'],
    handler: async (request, reply, user) => {
      const file = await exportSellerData(app.ctx, { user, device: request.authDevice });
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .send(Buffer.from(file.body));
    },
  });
};
