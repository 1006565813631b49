import { z } from 'zod';
import {
  RateSheetEntrySchema,
  RateSheetFilterSchema,
  RateSheetMatchInputSchema,
  RateSheetQuerySchema,
  RateSheetRowSchema,
} from '@karta/shared/schemas/rate-sheet';
import { pageOf } from '@karta/shared/schemas/common';
import { declareRoute, type ZodApp } from '../../lib/declare-route';
import { fileResponses } from '../../lib/http';
import { staffRoutes } from '../../lib/json-routes';
import { operatorAccess } from '../../lib/route-access';
import { exportRateSheet, getRateSheetPage, matchRateSheetKeys } from './rate-sheet-read.service';

/**
 * The rate sheet's reads (docs/decisions/029-rate-sheet.md), beside the write it
 * feeds (`POST /admin/catalog/rates`): the paged table, the CSV export and the paste's match.
 */
export function rateSheetRoutes(app: ZodApp) {
  const { route } = staffRoutes(app, 'catalog admin');

  route.get('/rates', {
    operationId: 'getRateSheet',
    summary:
      'The rate sheet, 50 a page in catalog order: every subcategory with its card, rate, ' +
      'amounts, whether it can be sold, its latest rate change and who made it, and its rate ' +
      'at the end of each of the last 30 Lagos days. Filters: card (part of the name), ' +
      'currency, active',
    input: { querystring: RateSheetQuerySchema },
    answers: pageOf(RateSheetRowSchema),
    message: 'Rate sheet',
    handle: (request) => getRateSheetPage(app.ctx, request.query),
  });

  route.post('/rates/match', {
    operationId: 'matchRateSheet',
    summary:
      'The subcategories a pasted rate sheet names, each key an id or "Card / Subcategory" ' +
      '(any case); changes nothing. A key with no row is not in the answer',
    input: { body: RateSheetMatchInputSchema },
    answers: z.array(RateSheetEntrySchema),
    message: 'Matched subcategories',
    handle: (request) => matchRateSheetKeys(app.ctx, request.body.keys),
  });

  // Declared by hand: the answer is a CSV file, a refusal the JSON error envelope.
  declareRoute(app, {
    method: 'GET',
    url: '/rates/export',
    operationId: 'exportRateSheet',
    tags: ['catalog admin'],
    access: operatorAccess(app),
    summary:
      'The filtered rate sheet as text/csv, `subcategory,rate` ("Card / Subcategory", naira ' +
      'with two decimals): exactly what a pasted sheet reads, so a round trip changes nothing',
    input: { querystring: RateSheetFilterSchema },
    response: fileResponses('text/csv', 'The rate sheet as CSV: `subcategory,rate` (UTF-8)'),
    answerHeaders: ['Content-Disposition'],
    handler: async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="karta-rates.csv"')
        .header('cache-control', 'no-store')
        .send(await exportRateSheet(app.ctx, request.query)),
  });
}
