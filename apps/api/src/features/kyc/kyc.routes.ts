import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KycResultSchema, VerifyKycInputSchema } from '@karta/shared/schemas/finance';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { verifyKyc } from './kyc.service';

/** BVN verification, needed before the first withdrawal (docs/product.md §7). */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['kyc'], access: ownAccountAccess(app) });

  route.post('/verify_kyc/:user_id', {
    operationId: 'verifyBvn',
    refuses: { 409: ['ALREADY_EXISTS'] },
    summary: 'Verify the BVN against the account holder; keeps a hash and the last 4 digits',
    input: { params: UserIdParamsSchema, body: VerifyKycInputSchema },
    answers: KycResultSchema,
    message: 'Your BVN is verified.',
    handle: (request, user) => verifyKyc(app.ctx, { user, bvn: request.body.bvn }),
  });
};
