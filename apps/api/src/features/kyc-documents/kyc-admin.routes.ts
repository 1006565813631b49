import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLagosClockTime } from '@karta/shared/dates';
import { pageOf } from '@karta/shared/schemas/common';
import {
  KycQueueItemSchema,
  KycQueueQuerySchema,
  KycReviewSchema,
  KycSubmissionIdParamsSchema,
  RejectKycInputSchema,
} from '@karta/shared/schemas/kyc-documents';
import { staffRoutes } from '../../lib/json-routes';
import {
  approveKycSubmission,
  claimKycSubmission,
  getKycReview,
  listKycQueue,
  rejectKycSubmission,
} from './kyc-review.service';

const DECIDED = { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED'] } as const;

/** The console's KYC desk (decision 066): claim, then approve or reject with a reason. */
export const kycAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = staffRoutes(app, 'kyc review');

  route.get('/', {
    operationId: 'listKycSubmissions',
    summary:
      'Submitted documents by status (pending by default), oldest first, with waiting time, the seller and the claim',
    input: { querystring: KycQueueQuerySchema },
    answers: pageOf(KycQueueItemSchema),
    message: 'KYC documents',
    handle: (request) => listKycQueue(app.ctx, request.query),
  });

  route.get('/:id', {
    operationId: 'getKycSubmission',
    refuses: { 404: [] },
    summary:
      'One submission: short-lived links to its photos, the ID’s number, the address and the BVN check’s answer',
    input: { params: KycSubmissionIdParamsSchema },
    answers: KycReviewSchema,
    message: 'KYC documents',
    handle: (request) => getKycReview(app.ctx, request.params.id),
  });

  route.post('/:id/claim', {
    operationId: 'claimKycSubmission',
    refuses: DECIDED,
    summary:
      'Claim a waiting submission for REVIEW_CLAIM_MINUTES, or renew your claim; 409 CLAIMED naming the holder while another operator’s claim lasts',
    input: { params: KycSubmissionIdParamsSchema },
    answers: KycReviewSchema,
    message: (review) =>
      review.claim
        ? `You are reviewing these documents until ${getLagosClockTime(new Date(review.claim.until))}.`
        : 'You are reviewing these documents.',
    handle: (request, actor) => claimKycSubmission(app.ctx, { actor, id: request.params.id }),
  });

  route.post('/:id/approve', {
    operationId: 'approveKycSubmission',
    refuses: DECIDED,
    summary: 'Approve the documents: the seller reaches tier 3 and is told by notice and mail',
    input: { params: KycSubmissionIdParamsSchema },
    answers: KycReviewSchema,
    message: 'Documents approved. The seller is told.',
    handle: (request, actor) => approveKycSubmission(app.ctx, { actor, id: request.params.id }),
  });

  route.post('/:id/reject', {
    operationId: 'rejectKycSubmission',
    refuses: DECIDED,
    summary:
      'Reject the documents with a reason (blurry, expired, mismatch_name, not_a_proof_of_address, other) and a note (required with other); the seller is told why and may send again',
    input: { params: KycSubmissionIdParamsSchema, body: RejectKycInputSchema },
    answers: KycReviewSchema,
    message: 'Documents rejected. The seller is told why.',
    handle: (request, actor) =>
      rejectKycSubmission(app.ctx, { actor, id: request.params.id, rejection: request.body }),
  });
};
