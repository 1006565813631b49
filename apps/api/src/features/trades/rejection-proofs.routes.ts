import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRADE_IMAGE_MAX_BYTES, TRADE_IMAGE_TYPES } from '@karta/shared/constants';
import { RejectionProofSchema } from '@karta/shared/schemas/rejection-proofs';
import { TradeIdParamsSchema } from '@karta/shared/schemas/trades';
import { staffRoutes } from '../../lib/json-routes';
import { multipartBody } from '../../lib/route-contract';
import { declareSignedImageRoute } from '../../lib/signed-image-route';
import { readProofUpload } from './rejection-proof-upload';
import { getRejectionProofImage, uploadRejectionProof } from './rejection-proofs.service';

/**
 * Proof with a rejection, step one (under /admin/trades): the operator uploads the image, then
 * rejects with its `proof_id` (docs/decisions/024-duplicate-cards-and-rejection-proof.md). A plugin of its own, so its multipart
 * parser (one image) is scoped to this route.
 */
export const rejectionProofAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = staffRoutes(app, 'trade review');
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { files: 1, fileSize: TRADE_IMAGE_MAX_BYTES, fields: 0, parts: 1, headerPairs: 50 },
  });

  route.post('/:id/rejection_proof', {
    operationId: 'uploadRejectionProof',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED', 'WRONG_STATUS'] },
    summary:
      'Upload the proof for rejecting a pending trade (multipart, one JPEG, PNG, WebP or HEIC image ≤ 5 MB in "image"), then reject with its proof_id; 409 while another operator’s claim lasts',
    consumes: ['multipart/form-data'],
    documentedBody: multipartBody({
      files: [
        {
          name: 'image',
          min: 1,
          max: 1,
          types: TRADE_IMAGE_TYPES,
          maxBytes: TRADE_IMAGE_MAX_BYTES,
        },
      ],
    }),
    input: { params: TradeIdParamsSchema },
    answers: RejectionProofSchema,
    status: 201,
    message: 'Proof uploaded. Reject the trade to show it to the seller.',
    handle: async (request, actor) => {
      const image = await readProofUpload(request);
      return uploadRejectionProof(app.ctx, { actor, tradeId: request.params.id, image });
    },
  });
};

/** The proof image behind its signed link (under /trade): the trade's owner and staff only. */
export const rejectionProofRoutes: FastifyPluginAsyncZod = async (app) => {
  declareSignedImageRoute(app, {
    url: '/rejection_proofs/:id',
    operationId: 'getRejectionProof',
    tags: ['trades'],
    summary:
      "A rejection's proof image, through the signed, short-lived link in the trade's rejection_proof.url (owner and operators only)",
    description: 'The proof image',
    load: (link) =>
      getRejectionProofImage(app.ctx, {
        proofId: link.id,
        expires: link.expires,
        signature: link.signature,
      }),
  });
};
