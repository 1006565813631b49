import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CardArtParamsSchema,
  CatIdParamsSchema,
  GiftCardListQuerySchema,
  GiftCardSchema,
  GiftCardSubcategorySchema,
  RateHistoryQuerySchema,
  RateHistorySchema,
  SubcategoryIdParamsSchema,
  SubcategoryListQuerySchema,
} from '@karta/shared/schemas/catalog';
import { pageOf } from '@karta/shared/schemas/common';
import { z } from 'zod';
import { declareRoute } from '../../lib/declare-route';
import { fileResponses } from '../../lib/http';
import { jsonRoutes } from '../../lib/json-routes';
import { publicAccess } from '../../lib/route-access';
import { contentDispositionFor } from '../../lib/served-files';
import {
  getCardArt,
  getCardImage,
  getRateHistory,
  listGiftCards,
  listGiftCardSubcategories,
} from './catalog.service';

/** Art changes only when an operator renames or recolours a card; an hour of staleness is fine. */
const ART_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';
/** An uploaded image's URL carries its version (`?v=`): a new upload is a new URL. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Asked without the current version (an old link): serve it, but let nobody keep it. */
const STALE_IMAGE_CACHE_CONTROL = 'public, no-cache';

const tags = ['catalog'];

/** The public catalog the rate calculator reads (docs/product.md §2, §7). No sign-in needed. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags, access: publicAccess });

  route.get('/admin_get_gift_card', {
    operationId: 'listGiftCards',
    summary: 'Active gift cards, paged; or every match of card_name (no paging)',
    input: { querystring: GiftCardListQuerySchema },
    answers: pageOf(GiftCardSchema),
    message: 'Gift cards',
    handle: (request) => listGiftCards(app.ctx, request.query),
  });

  route.get('/get_gift_card_category/:catId', {
    operationId: 'listSubcategories',
    refuses: { 404: [] },
    summary: "A card's active subcategories, paged; or every match of card_category_name",
    input: { params: CatIdParamsSchema, querystring: SubcategoryListQuerySchema },
    answers: pageOf(GiftCardSubcategorySchema),
    message: 'Gift card subcategories',
    handle: (request) =>
      listGiftCardSubcategories(app.ctx, { cardId: request.params.catId, query: request.query }),
  });

  route.get('/rate_history/:subcategoryId', {
    operationId: 'getRateHistory',
    refuses: { 404: [] },
    summary: 'The rate at the end of each Lagos day, oldest first',
    input: { params: SubcategoryIdParamsSchema, querystring: RateHistoryQuerySchema },
    answers: RateHistorySchema,
    message: 'Rate history',
    handle: (request) =>
      getRateHistory(app.ctx, {
        subcategoryId: request.params.subcategoryId,
        query: request.query,
      }),
  });

  declareRoute(app, {
    method: 'GET',
    url: '/art/:file',
    operationId: 'getCardArt',
    refuses: { 404: [] },
    tags,
    access: publicAccess,
    summary: "A card's art as SVG (our own drawing: brand colour and name, no logos)",
    input: { params: CardArtParamsSchema },
    response: fileResponses('image/svg+xml', 'The SVG'),
    handler: async (request, reply) => {
      const art = await getCardArt(app.ctx, request.params.file);
      return (
        reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', ART_CACHE_CONTROL)
          .header('last-modified', art.updatedAt.toUTCString())
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own must not run anything, whatever a card name contains.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(art.svg)
      );
    },
  });

  declareRoute(app, {
    method: 'GET',
    url: '/image/:file',
    operationId: 'getCardImage',
    refuses: { 404: [] },
    tags,
    access: publicAccess,
    summary: "A card's uploaded image (WebP, re-encoded on upload); the URL is in img_info",
    input: {
      params: CardArtParamsSchema,
      querystring: z.object({ v: z.string().max(32).optional() }),
    },
    // As the signed images: WebP, or another stored type as a download.
    response: fileResponses(['image/webp', '*/*'], 'The image'),
    answerHeaders: ['Content-Disposition'],
    handler: async (request, reply) => {
      const image = await getCardImage(app.ctx, {
        file: request.params.file,
        version: request.query.v,
      });
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', image.current ? IMAGE_CACHE_CONTROL : STALE_IMAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', contentDispositionFor(image.contentType))
        .send(image.bytes);
    },
  });
};
