import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '@karta/shared/schemas/common';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import {
  StatementDownloadQuerySchema,
  StatementEntrySchema,
  StatementQuerySchema,
  WalletSchema,
  statementFileName,
} from '@karta/shared/schemas/wallet';
import { declareRoute } from '../../lib/declare-route';
import { fileResponses } from '../../lib/http';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { statementCsv } from './statement-csv';
import { statementPdf } from './statement-pdf';
import { getMonthStatement } from './statement.service';
import { getStatement, getWallet } from './wallet.service';

/** The user's naira wallet and its statement; both read the ledger. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['wallet'], access: ownAccountAccess(app) });

  route.get('/wallet/:user_id', {
    operationId: 'getWallet',
    summary: 'Wallet balance and money held for withdrawals, in naira',
    input: { params: UserIdParamsSchema },
    answers: WalletSchema,
    message: 'Wallet',
    handle: (_request, user) => getWallet(app.ctx, user.id),
  });

  route.get('/statement/:user_id', {
    operationId: 'getStatement',
    summary: 'Wallet entries, newest first, with the running balance',
    input: { params: UserIdParamsSchema, querystring: StatementQuerySchema },
    answers: pageOf(StatementEntrySchema),
    message: 'Statement',
    handle: (request, user) => getStatement(app.ctx, { userId: user.id, page: request.query }),
  });

  // A file, not the envelope: declared by hand as the books' CSV is (a refusal is still JSON).
  declareRoute(app, {
    method: 'GET',
    url: '/statement/:user_id/download',
    operationId: 'downloadStatement',
    tags: ['wallet'],
    access: ownAccountAccess(app),
    summary:
      'One Lagos calendar month of the wallet (month=YYYY-MM, not in the future nor before the account was opened) as an attachment `karta-statement-<month>.<format>`: format=csv is a header, an opening balance row, one row per wallet posting (date and time in Lagos, description, reference, money in, money out, running balance, naira with two decimals) and a closing balance row; format=pdf is one A4 page with the opening balance, money in and out, the closing balance and as many lines as fit (decision 042)',
    input: { params: UserIdParamsSchema, querystring: StatementDownloadQuerySchema },
    response: fileResponses(
      ['text/csv', 'application/pdf'],
      'The statement file; the closing balance of the current month is the wallet balance',
    ),
    answerHeaders: ['Content-Disposition'],
    handler: async (request, reply, user) => {
      const { month, format } = request.query;
      const statement = await getMonthStatement(app.ctx, user, month);
      void reply
        .header('content-disposition', `attachment; filename="${statementFileName(month, format)}"`)
        .header('cache-control', 'no-store');
      if (format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .send(statementCsv(statement));
      }
      const pdf = await statementPdf(statement, { supportEmail: app.ctx.config.supportEmail });
      return reply.header('content-type', 'application/pdf').send(pdf);
    },
  });
};
