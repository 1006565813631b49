import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '@karta/shared/schemas/common';
import { KycResultSchema, VerifyKycInputSchema } from '@karta/shared/schemas/finance';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { responses, success } from '../../lib/http';
import { getAuthUser } from '../../plugins/auth';
import { verifyKyc } from './kyc.service';

/** BVN verification, needed before the first withdrawal (spec §7). */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify_kyc/:user_id',
    {
      onRequest: [app.authenticate, app.requireOwnUserId],
      schema: {
        tags: ['kyc'],
        summary: 'Verify the BVN against the account holder; keeps a hash and the last 4 digits',
        security: [{ accessToken: [] }],
        params: UserIdParamsSchema,
        body: VerifyKycInputSchema,
        response: responses(successEnvelope(KycResultSchema)),
      },
    },
    async (request) =>
      success(
        'Your BVN is verified.',
        await verifyKyc(app.ctx, { user: getAuthUser(request), bvn: request.body.bvn }),
      ),
  );
};
