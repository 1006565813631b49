import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BankAccountInputSchema,
  BankSchema,
  ResolvedAccountSchema,
} from '@karta/shared/schemas/finance';
import { jsonRoutes } from '../../lib/json-routes';
import { signedInAccess } from '../../lib/route-access';
import { resolveBankAccount } from './account-resolution.service';
import { listBanks } from './banks.service';

/** Banks and account-name resolution for withdrawals (docs/product.md §7). */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['finance'], access: signedInAccess(app) });

  route.get('/get_banks', {
    operationId: 'listBanks',
    summary: 'Banks we can pay, by name',
    answers: z.array(BankSchema),
    message: 'Banks',
    handle: () => listBanks(app.ctx),
  });

  route.post('/verify_bank_account', {
    operationId: 'verifyBankAccount',
    summary: "The account holder's name from the provider (never cached)",
    input: { body: BankAccountInputSchema },
    answers: ResolvedAccountSchema,
    message: 'Account resolved',
    handle: async (request, user) => {
      const { account_name, account_number, bank_name } = await resolveBankAccount(
        app.ctx,
        request.body,
        // Only the sandbox reads it (decision 064): its accounts are the asker's by default.
        { firstName: user.firstName, lastName: user.lastName },
      );
      return { account_name, account_number, bank_name };
    },
  });
};
