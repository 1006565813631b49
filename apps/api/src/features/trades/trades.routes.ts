import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TRADE_ANSWER_IMAGES_MAX,
  TRADE_IMAGE_MAX_BYTES,
  TRADE_IMAGE_TYPES,
  TRADE_IMAGES_MAX,
  TRADE_IMAGES_MIN,
} from '@karta/shared/constants';
import { pageOf } from '@karta/shared/schemas/common';
import {
  AddTradeFieldsSchema,
  CancelTradeInputSchema,
  TradeListQuerySchema,
  TradeSchema,
} from '@karta/shared/schemas/trades';
import {
  AnswerOfferInputSchema,
  RespondTradeFieldsSchema,
} from '@karta/shared/schemas/trade-steps';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess, signedInAccess } from '../../lib/route-access';
import { multipartBody } from '../../lib/route-contract';
import { declareSignedImageRoute } from '../../lib/signed-image-route';
import { answerCounterOffer } from './counter-offer';
import { respondToTrade } from './trade-questions';
import { readTradeUpload } from './trade-upload';
import {
  cancelTrade,
  createTrade,
  getTradePhoto,
  getUserTrade,
  listUserTrades,
} from './trades.service';

const tags = ['trades'];

/** Selling a card: submit it with photos, follow it, cancel it while it waits (docs/product.md §7). */
export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedInRoute = jsonRoutes(app, { tags, access: signedInAccess(app) });
  const ownRoute = jsonRoutes(app, { tags, access: ownAccountAccess(app) });

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

  signedInRoute.post('/add_trade', {
    operationId: 'createTrade',
    summary:
      'Sell a card: multipart with subcategory_id, amount, comment?, device?, and 1–10 photos in "images" (JPEG, PNG, WebP or HEIC, ≤ 5 MB each)',
    consumes: ['multipart/form-data'],
    documentedBody: multipartBody({
      fields: AddTradeFieldsSchema,
      files: [
        {
          name: 'images',
          min: TRADE_IMAGES_MIN,
          max: TRADE_IMAGES_MAX,
          types: TRADE_IMAGE_TYPES,
          maxBytes: TRADE_IMAGE_MAX_BYTES,
        },
      ],
    }),
    answers: TradeSchema,
    status: 201,
    message: 'Your trade has been created. We will review it shortly.',
    handle: async (request, user) => {
      const upload = await readTradeUpload(request);
      return createTrade(app.ctx, { userId: user.id, device: request.authDevice, upload });
    },
  });

  ownRoute.get('/fetch_trade/:user_id', {
    operationId: 'listTrades',
    refuses: { 404: [] },
    summary: "The user's trades, newest first (or one trade with ?trade_id=)",
    input: { params: UserIdParamsSchema, querystring: TradeListQuerySchema },
    answers: z.union([TradeSchema, pageOf(TradeSchema)]),
    // A page has `meta`; one trade has not.
    message: (found) => ('meta' in found ? 'Trades' : 'Trade'),
    handle: (request, user) => {
      const { trade_id: tradeId } = request.query;
      return tradeId
        ? getUserTrade(app.ctx, { userId: user.id, tradeId })
        : listUserTrades(app.ctx, { userId: user.id, query: request.query });
    },
  });

  ownRoute.post('/respond_trade/:user_id', {
    operationId: 'answerTradeQuestion',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'WRONG_STATUS'] },
    summary:
      'Answer our question on a trade that is info_requested: multipart with trade_id, comment (1–500 characters) and 0–5 photos in "images" (a trade holds at most 20 photos in all); the trade goes back to review',
    consumes: ['multipart/form-data'],
    documentedBody: multipartBody({
      fields: RespondTradeFieldsSchema,
      files: [
        {
          name: 'images',
          min: 0,
          max: TRADE_ANSWER_IMAGES_MAX,
          types: TRADE_IMAGE_TYPES,
          maxBytes: TRADE_IMAGE_MAX_BYTES,
        },
      ],
    }),
    input: { params: UserIdParamsSchema },
    answers: TradeSchema,
    message: 'Thank you. Your answer is with our team, and the review continues.',
    handle: async (request, user) => {
      const upload = await readTradeUpload(request);
      return respondToTrade(app.ctx, { userId: user.id, upload });
    },
  });

  ownRoute.post('/answer_offer/:user_id', {
    operationId: 'answerTradeOffer',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'WRONG_STATUS'] },
    summary:
      'Answer our lower offer on a counter_offered trade: accept true credits the offered value to the wallet at once; accept false closes the trade as declined, with nothing moved. 409 once the offer is settled (by another answer, or by the seller’s if_no_answer choice after 24 hours)',
    input: { params: UserIdParamsSchema, body: AnswerOfferInputSchema },
    answers: TradeSchema,
    message: (trade) =>
      trade.status === 'approved'
        ? 'You accepted our offer. The money is in your wallet.'
        : 'You declined our offer. The trade is closed and nothing was paid.',
    handle: (request, user) =>
      answerCounterOffer(app.ctx, { userId: user.id, ip: request.ip, input: request.body }),
  });

  ownRoute.post('/cancel_trade/:user_id', {
    operationId: 'cancelTrade',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary: 'Cancel a trade that still waits for review (pending or info_requested)',
    input: { params: UserIdParamsSchema, body: CancelTradeInputSchema },
    answers: TradeSchema,
    message: 'Your trade has been cancelled.',
    handle: (request, user) =>
      cancelTrade(app.ctx, { userId: user.id, tradeId: request.body.trade_id }),
  });

  declareSignedImageRoute(app, {
    url: '/images/:id',
    operationId: 'getTradePhoto',
    tags,
    summary:
      "A trade photo, through the signed, short-lived link in the trade's images[].url (owner and operators only)",
    description: 'The photo',
    load: (link) =>
      getTradePhoto(app.ctx, {
        imageId: link.id,
        expires: link.expires,
        signature: link.signature,
      }),
  });
};
