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
import { pageOf, PageQuerySchema } from '@karta/shared/schemas/common';
import { RATE_FOUR_EYES_PERCENT } from '@karta/shared/constants';
import {
  PublishedSubcategorySchema,
  ratePublishSummary,
  rateWaitsBecause,
} from '@karta/shared/schemas/rate-change-requests';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { readWholeFile, toUploadError, type UploadLimitErrors } from '../../lib/multipart-errors';
import { staffRoutes } from '../../lib/json-routes';
import { multipartBody } from '../../lib/route-contract';
import { createCard, listCardsForOperators, updateCard } from './card-admin.service';
import { CARD_IMAGE_TYPES } from '@karta/shared/card-image';
import { CARD_IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from './card-image';
import { uploadCardImage } from './card-image.service';
import {
  createSubcategory,
  listSubcategoriesForOperators,
  updateSubcategory,
} from './subcategory-admin.service';
import { applyRateSheet } from './rate-sheet.service';
import { rateSheetRoutes } from './rate-sheet.routes';
import { rateChangeRequestRoutes } from './rate-change-requests.routes';

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
    return await readWholeFile(part);
  } catch (error) {
    throw toUploadError(error, CARD_IMAGE_LIMITS);
  }
}

/** The catalog operators manage. Every write is audited. */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = staffRoutes(app, 'catalog admin');

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

  route.get('/cards', {
    operationId: 'listCatalogCards',
    summary: 'Every card, active or not, paged',
    input: { querystring: PageQuerySchema },
    answers: pageOf(AdminGiftCardSchema),
    message: 'Gift cards',
    handle: (request) => listCardsForOperators(app.ctx, request.query),
  });

  route.post('/cards', {
    operationId: 'createCard',
    refuses: { 409: ['ALREADY_EXISTS'] },
    summary: 'Create a card',
    input: { body: CreateGiftCardInputSchema },
    answers: AdminGiftCardSchema,
    status: 201,
    message: 'Gift card created',
    handle: (request, actor) => createCard(app.ctx, { actor, input: request.body }),
  });

  route.patch('/cards/:id', {
    operationId: 'updateCard',
    refuses: { 404: [], 409: ['ALREADY_EXISTS'] },
    summary: 'Edit, activate or deactivate a card',
    input: { params: IdParamsSchema, body: UpdateGiftCardInputSchema },
    answers: AdminGiftCardSchema,
    message: 'Gift card updated',
    handle: (request, actor) =>
      updateCard(app.ctx, { actor, cardId: request.params.id, input: request.body }),
  });

  route.post('/cards/:id/image', {
    operationId: 'uploadCardImage',
    refuses: { 404: [] },
    summary:
      'Upload the card image (multipart field "image": JPEG, PNG or WebP, at most 2 MB); ' +
      'stored re-encoded as WebP within 800×500',
    consumes: ['multipart/form-data'],
    documentedBody: multipartBody({
      files: [
        {
          name: 'image',
          min: 1,
          max: 1,
          types: CARD_IMAGE_TYPES,
          maxBytes: CARD_IMAGE_MAX_BYTES,
        },
      ],
    }),
    input: { params: IdParamsSchema },
    answers: AdminGiftCardSchema,
    message: 'Gift card image updated',
    handle: (request, actor) =>
      uploadCardImage(app.ctx, {
        actor,
        cardId: request.params.id,
        readUpload: () => readImageField(request),
      }),
  });

  route.get('/cards/:id/subcategories', {
    operationId: 'listCardSubcategories',
    refuses: { 404: [] },
    summary: 'Every subcategory of a card, active or not (a card has only a handful)',
    input: { params: IdParamsSchema },
    answers: z.array(AdminSubcategorySchema),
    message: 'Subcategories',
    handle: (request) => listSubcategoriesForOperators(app.ctx, request.params.id),
  });

  route.post('/cards/:id/subcategories', {
    operationId: 'createSubcategory',
    refuses: { 404: [] },
    summary: 'Add a subcategory to a card; its rate starts the rate history',
    input: { params: IdParamsSchema, body: CreateSubcategoryInputSchema },
    answers: AdminSubcategorySchema,
    status: 201,
    message: 'Subcategory created',
    handle: (request, actor) =>
      createSubcategory(app.ctx, { actor, cardId: request.params.id, input: request.body }),
  });

  route.patch('/subcategories/:id', {
    operationId: 'updateSubcategory',
    refuses: { 404: [] },
    summary:
      'Change any of name, rate, min_amount, max_amount, active. A rate more than ' +
      `${String(RATE_FOUR_EYES_PERCENT)} % from the rate in force is not published: it waits ` +
      'for a second staff member (`waiting_rate_change`) while the rest is saved',
    input: { params: IdParamsSchema, body: UpdateSubcategoryInputSchema },
    answers: PublishedSubcategorySchema,
    message: (subcategory) =>
      subcategory.waiting_rate_change
        ? `Subcategory updated. Its new rate waits for a second approval because ${rateWaitsBecause(1)}.`
        : 'Subcategory updated',
    handle: (request, actor) =>
      updateSubcategory(app.ctx, {
        actor,
        subcategoryId: request.params.id,
        input: request.body,
      }),
  });

  route.post('/rates', {
    operationId: 'setRates',
    summary:
      'Set many rates at once, all or nothing. A rate more than ' +
      `${String(RATE_FOUR_EYES_PERCENT)} % from the rate in force is not published: it waits ` +
      'for a second staff member (its line carries `waiting_rate_change`), and the rest of the ' +
      'sheet is published in the same transaction',
    input: { body: BulkRatesInputSchema },
    answers: z.array(PublishedSubcategorySchema),
    message: (lines) => {
      const waiting = lines.filter((line) => line.waiting_rate_change).length;
      return ratePublishSummary(lines.length - waiting, waiting);
    },
    handle: (request, actor) => applyRateSheet(app.ctx, { actor, rates: request.body.rates }),
  });

  rateSheetRoutes(app);
  rateChangeRequestRoutes(app);
};
