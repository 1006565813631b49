import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf, successEnvelope } from '@karta/shared/schemas/common';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import {
  StatementEntrySchema,
  StatementQuerySchema,
  WalletSchema,
} from '@karta/shared/schemas/wallet';
import { responses, success } from '../../lib/http';
import { getAuthUser } from '../../plugins/auth';
import { getStatement, getWallet } from './wallet.service';

const bearer = [{ accessToken: [] }];
const tags = ['wallet'];

/** The user's naira wallet and its statement; both read the ledger. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireOwnUserId);

  app.get(
    '/wallet/:user_id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Wallet balance and money held for withdrawals, in naira',
        params: UserIdParamsSchema,
        response: responses(successEnvelope(WalletSchema)),
      },
    },
    async (request) => success('Wallet', await getWallet(app.ctx, getAuthUser(request).id)),
  );

  app.get(
    '/statement/:user_id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Wallet entries, newest first, with the running balance',
        params: UserIdParamsSchema,
        querystring: StatementQuerySchema,
        response: responses(successEnvelope(pageOf(StatementEntrySchema))),
      },
    },
    async (request) =>
      success(
        'Statement',
        await getStatement(app.ctx, { userId: getAuthUser(request).id, page: request.query }),
      ),
  );
};
