import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BooksQuerySchema, BooksSchema } from '@karta/shared/schemas/books';
import { successEnvelope } from '@karta/shared/schemas/common';
import { declareRoute } from '../../lib/declare-route';
import { jsonOrCsvResponses, success } from '../../lib/http';
import { adminAccess } from '../../lib/route-access';
import { booksCsv, booksFileName } from './books-csv';
import { getBooks } from './books.service';

/**
 * `/api/v1/admin/reports`: the books, for admins only (decision 026). Declared by
 * hand rather than with `staffRoutes`: the same route answers JSON in the envelope or, with
 * `?format=csv`, a CSV file; a refusal is the JSON error envelope either way.
 */
export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  declareRoute(app, {
    method: 'GET',
    url: '/daily',
    operationId: 'getDailyBooks',
    tags: ['books'],
    access: adminAccess(app),
    summary:
      'Admin only: per Lagos day from/to (both included, at most 366 days; default the last 30 days to today), trades submitted, approved and rejected, face value approved by card currency, naira credited, referral rewards, withdrawals requested, paid and failed (count and naira), fees earned and the sellers’ float at the end of the day, from running totals kept with the ledger. `format=csv` answers text/csv, one row a day, naira with two decimals, as an attachment `karta-books-<from>-<to>.csv`',
    input: { querystring: BooksQuerySchema },
    response: jsonOrCsvResponses(
      successEnvelope(BooksSchema),
      'A header row, then one row a day, naira with two decimals (UTF-8).',
    ),
    answerHeaders: ['Content-Disposition'],
    handler: async (request, reply) => {
      const books = await getBooks(app.ctx, request.query);
      if (request.query.format === 'json') return reply.send(success('Books', books));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${booksFileName(books)}"`)
        .header('cache-control', 'no-store')
        .send(booksCsv(books));
    },
  });
};
