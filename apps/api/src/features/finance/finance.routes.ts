import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@karta/shared/schemas/common';
import {
  BankAccountInputSchema,
  BankSchema,
  ResolvedAccountSchema,
} from '@karta/shared/schemas/finance';
import { responses, success } from '../../lib/http';
import { resolveBankAccount } from './account-resolution.service';
import { listBanks } from './banks.service';

const bearer = [{ accessToken: [] }];
const tags = ['finance'];

/** Banks and account-name resolution for withdrawals (spec §7). */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get_banks',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Banks we can pay, by name',
        response: responses(successEnvelope(z.array(BankSchema))),
      },
    },
    async () => success('Banks', await listBanks(app.ctx)),
  );

  app.post(
    '/verify_bank_account',
    {
      schema: {
        tags,
        security: bearer,
        summary: "The account holder's name from the provider (never cached)",
        body: BankAccountInputSchema,
        response: responses(successEnvelope(ResolvedAccountSchema)),
      },
    },
    async (request, reply) => {
      const { account_name, account_number, bank_name } = await resolveBankAccount(
        app.ctx,
        request.body,
      );
      void reply.header('cache-control', 'no-store');
      return success('Account resolved', { account_name, account_number, bank_name });
    },
  );
};
