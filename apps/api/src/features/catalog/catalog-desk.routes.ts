import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminGiftCardSchema, IdParamsSchema } from '@karta/shared/schemas/catalog-admin';
import { PendingTradeCountSchema } from '@karta/shared/schemas/catalog-impact';
import { staffRoutes } from '../../lib/json-routes';
import { findCardForOperators } from './card-detail.service';
import { pendingTradesOfCard, pendingTradesOfSubcategory } from './pending-trades.service';

const pendingMessage = ({ pending_trades: n }: { pending_trades: number }) =>
  n === 1 ? '1 trade is waiting for a decision' : `${String(n)} trades are waiting for a decision`;

/**
 * The reads the catalog desk (/console/catalog) needs beside catalog-admin.routes.ts: one card
 * by id, and what a deactivation would leave undecided, asked before it. Reads only, so not
 * audited; the changes themselves are (catalog.*).
 */
export const catalogDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = staffRoutes(app, 'catalog admin');

  route.get('/cards/:id', {
    operationId: 'getCatalogCard',
    refuses: { 404: [] },
    summary: 'One card, active or not',
    input: { params: IdParamsSchema },
    answers: AdminGiftCardSchema,
    message: 'Gift card',
    handle: (request) => findCardForOperators(app.ctx, request.params.id),
  });

  route.get('/cards/:id/pending_trades', {
    operationId: 'countCardPendingTrades',
    refuses: { 404: [] },
    summary: "How many of the card's trades wait for a decision (pending, asked, second approval)",
    input: { params: IdParamsSchema },
    answers: PendingTradeCountSchema,
    message: pendingMessage,
    handle: (request) => pendingTradesOfCard(app.ctx, request.params.id),
  });

  route.get('/subcategories/:id/pending_trades', {
    operationId: 'countSubcategoryPendingTrades',
    refuses: { 404: [] },
    summary: "How many of the subcategory's trades wait for a decision",
    input: { params: IdParamsSchema },
    answers: PendingTradeCountSchema,
    message: pendingMessage,
    handle: (request) => pendingTradesOfSubcategory(app.ctx, request.params.id),
  });
};
