import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLagosClockTime } from '@karta/shared/dates';
import { pageOf } from '@karta/shared/schemas/common';
import { ClaimHeartbeatSchema } from '@karta/shared/schemas/claims';
import {
  ClaimedKycReviewSchema,
  KycQueueItemSchema,
  KycQueueQuerySchema,
  KycReviewSchema,
  KycSubmissionIdParamsSchema,
  RejectKycInputSchema,
  ReleasedKycReviewSchema,
} from '@karta/shared/schemas/kyc-documents';
import { staffRoutes } from '../../lib/json-routes';
import {
  approveKycSubmission,
  claimKycSubmission,
  getKycReview,
  heartbeatKycClaim,
  listKycQueue,
  rejectKycSubmission,
  releaseKycClaim,
} from './kyc-review.service';

const DECIDED = { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED'] } as const;

/** What a claim or take-over answers: until when the submission is the caller's. */
const claimedMessage = (review: { claim: { until: string } | null }) =>
  review.claim
    ? `You are reviewing these documents until ${getLagosClockTime(new Date(review.claim.until))}.`
    : 'You are reviewing these documents.';

/**
 * The console's KYC desk (decision 066): claim (kept by the page's heartbeat, taken over after a
 * minute of silence: decision 078), then approve or reject with a reason.
 */
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
      'Claim a waiting submission for REVIEW_CLAIM_MINUTES, or renew your claim; answers a new release_token for the page’s closing beacon (POST /kyc_claims/release), replacing the last one; 409 CLAIMED naming the holder while another operator’s claim lasts',
    input: { params: KycSubmissionIdParamsSchema },
    answers: ClaimedKycReviewSchema,
    message: claimedMessage,
    handle: (request, actor) => claimKycSubmission(app.ctx, { actor, id: request.params.id }),
  });

  route.post('/:id/heartbeat', {
    operationId: 'heartbeatKycClaim',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIM_LOST'] },
    summary:
      'The review page is still open: your live claim lasts REVIEW_CLAIM_MINUTES from now (sent every CLAIM_HEARTBEAT_SECONDS while visible; not audited); 409 CLAIM_LOST when you no longer hold it, naming who took it over',
    input: { params: KycSubmissionIdParamsSchema },
    answers: ClaimHeartbeatSchema,
    message: (claim) =>
      `You are reviewing these documents until ${getLagosClockTime(new Date(claim.until))}.`,
    handle: (request, actor) => heartbeatKycClaim(app.ctx, { actor, id: request.params.id }),
  });

  route.post('/:id/take_over', {
    operationId: 'takeOverKycClaim',
    refuses: DECIDED,
    summary:
      'Take another operator’s claim whose page has sent no heartbeat for CLAIM_TAKEOVER_SILENCE_SECONDS (audited as kyc.claim_take_over), or claim a submission nobody holds; answers a new release_token; 409 CLAIMED while the holder’s page is still heard from',
    input: { params: KycSubmissionIdParamsSchema },
    answers: ClaimedKycReviewSchema,
    message: claimedMessage,
    handle: (request, actor) =>
      claimKycSubmission(app.ctx, { actor, id: request.params.id, takeOver: true }),
  });

  route.post('/:id/release', {
    operationId: 'releaseKycClaim',
    refuses: { 404: [], 409: ['CLAIMED'] },
    summary:
      'End your claim on a submission (`released` says whether one was ended; nothing changes when you hold none); 409 CLAIMED naming the holder while another operator’s claim lasts',
    input: { params: KycSubmissionIdParamsSchema },
    answers: ReleasedKycReviewSchema,
    message: (review) =>
      review.released ? 'Documents released.' : 'You were not reviewing these documents.',
    handle: (request, actor) => releaseKycClaim(app.ctx, { actor, id: request.params.id }),
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
