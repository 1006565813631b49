import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageQuerySchema, successEnvelope } from '@karta/shared/schemas/common';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { ReferralListSchema } from '@karta/shared/schemas/wallet';
import { responses, success } from '../../lib/http';
import { getAuthUser } from '../../plugins/auth';
import { listReferrals } from './referrals.service';

/** The friends who registered with the user's code, and what each earned them. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referrals/:user_id',
    {
      onRequest: [app.authenticate, app.requireOwnUserId],
      schema: {
        tags: ['referrals'],
        summary: "The user's referrals, newest first, with the total earned",
        security: [{ accessToken: [] }],
        params: UserIdParamsSchema,
        querystring: PageQuerySchema,
        response: responses(successEnvelope(ReferralListSchema)),
      },
    },
    async (request) =>
      success(
        'Referrals',
        await listReferrals(app.ctx, { userId: getAuthUser(request).id, page: request.query }),
      ),
  );
};
