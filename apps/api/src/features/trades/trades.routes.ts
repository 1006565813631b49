import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TRADE_IMAGE_MAX_BYTES, TRADE_IMAGES_MAX } from '@karta/shared/constants';
import { pageOf, successEnvelope } from '@karta/shared/schemas/common';
import {
  CancelTradeInputSchema,
  TradeIdParamsSchema,
  TradeListQuerySchema,
  TradeSchema,
} from '@karta/shared/schemas/trades';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { fileResponses, responses, success } from '../../lib/http';
import { contentDispositionFor } from '../../lib/served-files';
import { getAuthUser } from '../../plugins/auth';
import { readTradeUpload } from './trade-upload';
import {
  cancelTrade,
  createTrade,
  getTradePhoto,
  getUserTrade,
  listUserTrades,
} from './trades.service';

const bearer = [{ accessToken: [] }];
const tags = ['trades'];

/** Selling a card: submit it with photos, follow it, cancel it while it waits (spec §7). */
export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      files: TRADE_IMAGES_MAX,
      fileSize: TRADE_IMAGE_MAX_BYTES,
      fields: 8,
      // A 500-character comment is at most 2,000 bytes of UTF-8.
      fieldSize: 4096,
      parts: TRADE_IMAGES_MAX + 8,
      headerPairs: 50,
    },
  });

  app.post(
    '/add_trade',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary:
          'Sell a card: multipart with subcategory_id, amount, comment?, device?, and 1–10 photos in "images" (JPEG, PNG, WebP or HEIC, ≤ 5 MB each)',
        consumes: ['multipart/form-data'],
        response: responses(successEnvelope(TradeSchema), 201),
      },
    },
    async (request, reply) => {
      const user = getAuthUser(request);
      const upload = await readTradeUpload(request);
      const trade = await createTrade(app.ctx, {
        userId: user.id,
        device: request.authDevice,
        upload,
      });
      return reply
        .status(201)
        .send(success('Your trade has been created. We will review it shortly.', trade));
    },
  );

  app.get(
    '/fetch_trade/:user_id',
    {
      onRequest: [app.authenticate, app.requireOwnUserId],
      schema: {
        tags,
        security: bearer,
        summary: "The user's trades, newest first (or one trade with ?trade_id=)",
        params: UserIdParamsSchema,
        querystring: TradeListQuerySchema,
        response: responses(successEnvelope(z.union([TradeSchema, pageOf(TradeSchema)]))),
      },
    },
    async (request) => {
      const userId = getAuthUser(request).id;
      const { trade_id: tradeId } = request.query;
      if (tradeId) return success('Trade', await getUserTrade(app.ctx, { userId, tradeId }));
      return success('Trades', await listUserTrades(app.ctx, { userId, query: request.query }));
    },
  );

  app.post(
    '/cancel_trade/:user_id',
    {
      onRequest: [app.authenticate, app.requireOwnUserId],
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel a trade that is still pending',
        params: UserIdParamsSchema,
        body: CancelTradeInputSchema,
        response: responses(successEnvelope(TradeSchema)),
      },
    },
    async (request) =>
      success(
        'Your trade has been cancelled.',
        await cancelTrade(app.ctx, {
          userId: getAuthUser(request).id,
          tradeId: request.body.trade_id,
        }),
      ),
  );

  app.get(
    '/images/:id',
    {
      schema: {
        tags,
        summary:
          "A trade photo, through the signed, short-lived link in the trade's images[].url (owner and operators only)",
        params: TradeIdParamsSchema,
        querystring: z.object({
          expires: z.coerce.number().int().default(0),
          signature: z.string().max(100).default(''),
        }),
        response: fileResponses('image/*', 'The photo'),
      },
    },
    async (request, reply) => {
      const photo = await getTradePhoto(app.ctx, {
        imageId: request.params.id,
        expires: request.query.expires,
        signature: request.query.signature,
      });
      return (
        reply
          .header('content-type', photo.contentType)
          // A card's photo shows its code, which is money: no cache, not even the browser's disk.
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .header('content-disposition', contentDispositionFor(photo.contentType))
          .send(photo.bytes)
      );
    },
  );
};
