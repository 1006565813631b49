import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRADE_IMAGE_MAX_BYTES, TRADE_IMAGE_TYPES } from '@karta/shared/constants';
import {
  KycDocumentFieldsSchema,
  KycSubmissionSchema,
  KycSubmittedSchema,
} from '@karta/shared/schemas/kyc-documents';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { multipartBody } from '../../lib/route-contract';
import { declareSignedImageRoute } from '../../lib/signed-image-route';
import { readKycDocumentUpload } from './kyc-document-upload';
import {
  getKycDocumentImage,
  getLatestKycSubmission,
  submitKycDocuments,
} from './kyc-documents.service';

const tags = ['kyc'];
const photo = (name: string, min: number) => ({
  name,
  min,
  max: 1,
  types: TRADE_IMAGE_TYPES,
  maxBytes: TRADE_IMAGE_MAX_BYTES,
});

/** Tier 3's documents, sent by the seller (decision 066); under /user. */
export const kycDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags, access: ownAccountAccess(app) });
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      files: 4,
      fileSize: TRADE_IMAGE_MAX_BYTES,
      fields: 3,
      // A 300-character address is at most 1,200 bytes of UTF-8.
      fieldSize: 2048,
      parts: 7,
      headerPairs: 50,
    },
  });

  route.post('/kyc_documents/:user_id', {
    operationId: 'submitKycDocuments',
    refuses: { 400: ['WRONG_STATUS'], 409: ['ALREADY_EXISTS'] },
    summary:
      'Send tier 3’s documents for review (multipart: id_type, id_number, address, and one JPEG, PNG, WebP or HEIC photo ≤ 5 MB in each of id_front, id_back (driver’s licence and voter’s card; never a passport), selfie and proof_of_address); BVN first; 409 while one waits for review',
    consumes: ['multipart/form-data'],
    documentedBody: multipartBody({
      fields: KycDocumentFieldsSchema,
      files: [
        photo('id_front', 1),
        photo('id_back', 0),
        photo('selfie', 1),
        photo('proof_of_address', 1),
      ],
    }),
    input: { params: UserIdParamsSchema },
    answers: KycSubmittedSchema,
    status: 201,
    message: 'Your documents are sent. We will review them shortly.',
    handle: async (request, user) => {
      const upload = await readKycDocumentUpload(request);
      return submitKycDocuments(app.ctx, { user, upload, ip: request.ip });
    },
  });

  route.get('/kyc_documents/:user_id', {
    operationId: 'getKycDocuments',
    summary:
      'Your latest documents: their status, short-lived links to the photos and, after a rejection, the reason and note (null before the first)',
    input: { params: UserIdParamsSchema },
    answers: KycSubmissionSchema.nullable(),
    message: 'Your documents',
    handle: (_request, user) => getLatestKycSubmission(app.ctx, { userId: user.id }),
  });
};

/** A document's photo behind its signed link (under /user): the owner and staff only. */
export const kycDocumentImageRoutes: FastifyPluginAsyncZod = async (app) => {
  declareSignedImageRoute(app, {
    url: '/kyc_document_images/:id',
    operationId: 'getKycDocumentImage',
    tags,
    summary:
      'A KYC document’s photo, through the signed 10-minute link in the submission’s images (the owner and staff only)',
    description: 'The photo',
    load: (link) => getKycDocumentImage(app.ctx, link),
  });
};
