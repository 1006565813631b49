import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '@karta/shared/schemas/common';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import {
  StatementEntrySchema,
  StatementQuerySchema,
  WalletSchema,
} from '@karta/shared/schemas/wallet';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { getStatement, getWallet } from './wallet.service';

/** The user's naira wallet and its statement; both read the ledger. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['wallet'], access: ownAccountAccess(app) });

  route.get('/wallet/:user_id', {
    summary: 'Wallet balance and money held for withdrawals, in naira',
    input: { params: UserIdParamsSchema },
    answers: WalletSchema,
    message: 'Wallet',
    handle: (_request, user) => getWallet(app.ctx, user.id),
  });

  route.get('/statement/:user_id', {
    summary: 'Wallet entries, newest first, with the running balance',
    input: { params: UserIdParamsSchema, querystring: StatementQuerySchema },
    answers: pageOf(StatementEntrySchema),
    message: 'Statement',
    handle: (request, user) => getStatement(app.ctx, { userId: user.id, page: request.query }),
  });
};
