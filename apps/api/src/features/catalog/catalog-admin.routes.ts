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
import type { Actor } from '../../lib/audit-log';
import { responses, success } from '../../lib/http';
import { getAuthUser } from '../../plugins/auth';
import { createCard, listCardsForOperators, updateCard } from './card-admin.service';
import {
  createSubcategory,
  listSubcategoriesForOperators,
  updateSubcategory,
} from './subcategory-admin.service';
import { applyRateSheet } from './rate-sheet.service';

const bearer = [{ accessToken: [] }];
const tags = ['catalog admin'];

const actorOf = (request: FastifyRequest): Actor => ({
  userId: getAuthUser(request).id,
  ip: request.ip,
});

/** The catalog operators manage. Every write is audited; image upload is a later step. */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', app.requireRole('operator', 'admin'));

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
