import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageQuerySchema } from '@karta/shared/schemas/common';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { ReferralListSchema } from '@karta/shared/schemas/wallet';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { listReferrals } from './referrals.service';

/** The friends who registered with the user's code, and what each earned them. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['referrals'], access: ownAccountAccess(app) });

  route.get('/referrals/:user_id', {
    operationId: 'listReferrals',
    summary: "The user's referrals, newest first, with the total earned",
    input: { params: UserIdParamsSchema, querystring: PageQuerySchema },
    answers: ReferralListSchema,
    message: 'Referrals',
    handle: (request, user) => listReferrals(app.ctx, { userId: user.id, page: request.query }),
  });
};
