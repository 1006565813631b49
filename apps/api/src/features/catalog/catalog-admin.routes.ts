import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminGiftCardSchema,
  AdminSubcategorySchema,
  BulkRatesInputSchema,
  CreateGiftCardInputSchema,
  CreateSubcategoryInputSchema,
  IdParamsSchema,
  UpdateGiftCardInputSchema,
  UpdateSubcategoryInputSchema,
} from '@karta/shared/schemas/catalog-admin';
import { pageOf, PageQuerySchema, successEnvelope } from '@karta/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toUploadError, type UploadLimitErrors } from '../../lib/multipart-errors';
import { actorOf } from '../../lib/actor';
import { responses, success } from '../../lib/http';
import { createCard, listCardsForOperators, updateCard } from './card-admin.service';
import { CARD_IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from './card-image';
import { uploadCardImage } from './card-image.service';
import {
  createSubcategory,
  listSubcategoriesForOperators,
  updateSubcategory,
} from './subcategory-admin.service';
import { applyRateSheet } from './rate-sheet.service';

const bearer = [{ accessToken: [] }];
const tags = ['catalog admin'];

const IMAGE_FIELD = 'image';
const NO_IMAGE = 'Choose an image to upload.';

/** The image upload's limits, in words an operator can act on. */
const CARD_IMAGE_LIMITS: UploadLimitErrors = {
  fileTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE, { field: IMAGE_FIELD }),
  tooManyFiles: () => oneImageOnly(),
  unexpectedFields: () => oneImageOnly(),
  notMultipart: () =>
    new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the image as multipart/form-data, in the field "image".',
      { field: IMAGE_FIELD },
    ),
};
const oneImageOnly = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'Send one image and nothing else.', { field: IMAGE_FIELD });

/** The one file of an upload request, read whole (it is at most 2 MB), from the field `image`. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part) throw new AppError('BAD_REQUEST', NO_IMAGE, { field: IMAGE_FIELD });
    if (part.fieldname !== IMAGE_FIELD) {
      part.file.resume();
      throw new AppError('BAD_REQUEST', NO_IMAGE, { field: IMAGE_FIELD });
    }
    return await part.toBuffer();
  } catch (error) {
    throw toUploadError(error, CARD_IMAGE_LIMITS);
  }
}

/** The catalog operators manage. Every write is audited. */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole('operator', 'admin'));

  // Multipart only here, for the image upload; every other route takes JSON.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      files: 1,
      fileSize: CARD_IMAGE_MAX_BYTES,
      fields: 4,
      fieldSize: 1024,
      parts: 5,
      headerPairs: 50,
    },
  });

  app.get(
    '/cards',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Every card, active or not, paged',
        querystring: PageQuerySchema,
        response: responses(successEnvelope(pageOf(AdminGiftCardSchema))),
      },
    },
    async (request) => success('Gift cards', await listCardsForOperators(app.ctx, request.query)),
  );

  app.post(
    '/cards',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Create a card',
        body: CreateGiftCardInputSchema,
        response: responses(successEnvelope(AdminGiftCardSchema), 201),
      },
    },
    async (request, reply) => {
      const card = await createCard(app.ctx, { actor: actorOf(request), input: request.body });
      return reply.code(201).send(success('Gift card created', card));
    },
  );

  app.patch(
    '/cards/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Edit, activate or deactivate a card',
        params: IdParamsSchema,
        body: UpdateGiftCardInputSchema,
        response: responses(successEnvelope(AdminGiftCardSchema)),
      },
    },
    async (request) =>
      success(
        'Gift card updated',
        await updateCard(app.ctx, {
          actor: actorOf(request),
          cardId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.post(
    '/cards/:id/image',
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'Upload the card image (multipart field "image": JPEG, PNG or WebP, at most 2 MB); ' +
          'stored re-encoded as WebP within 800×500',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: responses(successEnvelope(AdminGiftCardSchema)),
      },
    },
    async (request) =>
      success(
        'Gift card image updated',
        await uploadCardImage(app.ctx, {
          actor: actorOf(request),
          cardId: request.params.id,
          readUpload: () => readImageField(request),
        }),
      ),
  );

  app.get(
    '/cards/:id/subcategories',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Every subcategory of a card, active or not (a card has only a handful)',
        params: IdParamsSchema,
        response: responses(successEnvelope(z.array(AdminSubcategorySchema))),
      },
    },
    async (request) =>
      success('Subcategories', await listSubcategoriesForOperators(app.ctx, request.params.id)),
  );

  app.post(
    '/cards/:id/subcategories',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Add a subcategory to a card; its rate starts the rate history',
        params: IdParamsSchema,
        body: CreateSubcategoryInputSchema,
        response: responses(successEnvelope(AdminSubcategorySchema), 201),
      },
    },
    async (request, reply) => {
      const subcategory = await createSubcategory(app.ctx, {
        actor: actorOf(request),
        cardId: request.params.id,
        input: request.body,
      });
      return reply.code(201).send(success('Subcategory created', subcategory));
    },
  );

  app.patch(
    '/subcategories/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Change any of name, rate, min_amount, max_amount, active',
        params: IdParamsSchema,
        body: UpdateSubcategoryInputSchema,
        response: responses(successEnvelope(AdminSubcategorySchema)),
      },
    },
    async (request) =>
      success(
        'Subcategory updated',
        await updateSubcategory(app.ctx, {
          actor: actorOf(request),
          subcategoryId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.post(
    '/rates',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Set many rates at once, all or nothing',
        body: BulkRatesInputSchema,
        response: responses(successEnvelope(z.array(AdminSubcategorySchema))),
      },
    },
    async (request) =>
      success(
        'Rates updated',
        await applyRateSheet(app.ctx, { actor: actorOf(request), rates: request.body.rates }),
      ),
  );
};
