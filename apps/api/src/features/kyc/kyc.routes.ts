import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KycResultSchema, VerifyKycInputSchema } from '@karta/shared/schemas/finance';
import { NinResultSchema, VerifyNinInputSchema } from '@karta/shared/schemas/kyc';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { verifyKyc } from './kyc.service';
import { verifyNin } from './verify-nin.service';

/**
 * BVN verification, needed before the first withdrawal (docs/product.md §7), and the NIN after
 * it, which raises the KYC tier to 2 (decision 063).
 */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['kyc'], access: ownAccountAccess(app) });

  route.post('/verify_kyc/:user_id', {
    operationId: 'verifyBvn',
    refuses: { 409: ['ALREADY_EXISTS'] },
    summary: 'Verify the BVN against the account holder; keeps a hash and the last 4 digits',
    input: { params: UserIdParamsSchema, body: VerifyKycInputSchema },
    answers: KycResultSchema,
    message: 'Your BVN is verified.',
    handle: (request, user) => verifyKyc(app.ctx, { user, bvn: request.body.bvn, ip: request.ip }),
  });

  route.post('/verify_nin/:user_id', {
    operationId: 'verifyNin',
    refuses: { 409: ['ALREADY_EXISTS'] },
    summary:
      'Verify the NIN against the BVN-verified holder; keeps a hash and the last 4 digits and raises the KYC tier to 2',
    input: { params: UserIdParamsSchema, body: VerifyNinInputSchema },
    answers: NinResultSchema,
    message: 'Your NIN is verified.',
    handle: (request, user) => verifyNin(app.ctx, { user, nin: request.body.nin, ip: request.ip }),
  });
};
