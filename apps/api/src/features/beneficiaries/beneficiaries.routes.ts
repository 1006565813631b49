import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BeneficiaryAccountSchema,
  DeleteBeneficiaryInputSchema,
} from '@karta/shared/schemas/beneficiaries';
import { pageOf, PageQuerySchema } from '@karta/shared/schemas/common';
import { BankAccountInputSchema } from '@karta/shared/schemas/finance';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { AppError } from '../../lib/app-error';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess, signedInAccess } from '../../lib/route-access';
import {
  addUserBeneficiary,
  deleteUserBeneficiary,
  listUserBeneficiaries,
} from './beneficiaries.service';

const tags = ['beneficiaries'];

/** Saved withdrawal accounts (docs/product.md §7); names always come from the payout provider. */
export const beneficiaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags, access: ownAccountAccess(app) });
  // The spec's delete names the account in the body, not the path: checked in the handler.
  const deleteRoute = jsonRoutes(app, { tags, access: signedInAccess(app) });

  route.get('/get_beneficiary_banks/:user_id', {
    operationId: 'listBeneficiaries',
    summary: "The user's saved withdrawal accounts, newest first",
    input: { params: UserIdParamsSchema, querystring: PageQuerySchema },
    answers: pageOf(BeneficiaryAccountSchema),
    message: 'Withdrawal accounts',
    handle: (request, user) =>
      listUserBeneficiaries(app.ctx, { userId: user.id, page: request.query }),
  });

  route.post('/add_beneficiary_account/:user_id', {
    operationId: 'addBeneficiary',
    refuses: { 409: ['ALREADY_EXISTS'] },
    stepUp: 'always',
    summary:
      'Save a withdrawal account; its name is resolved with the bank. With two-step sign-in on: a fresh code (STEP_UP_REQUIRED)',
    input: { params: UserIdParamsSchema, body: BankAccountInputSchema },
    answers: BeneficiaryAccountSchema,
    status: 201,
    message: 'Withdrawal account saved.',
    handle: (request, user) =>
      addUserBeneficiary(app.ctx, { userId: user.id, input: request.body }),
  });

  deleteRoute.post('/delete_beneficiary_account', {
    operationId: 'deleteBeneficiary',
    refuses: { 404: [] },
    summary: 'Delete a saved withdrawal account (answers message "success")',
    input: { body: DeleteBeneficiaryInputSchema },
    answers: z.null(),
    // The spec's client checks for exactly this message.
    message: 'success',
    handle: async (request, user) => {
      if (request.body.user_id !== user.id) {
        throw new AppError('FORBIDDEN', 'You can only act on your own account.');
      }
      await deleteUserBeneficiary(app.ctx, {
        userId: user.id,
        beneficiaryId: request.body.beneficiary_account_id,
      });
      return null;
    },
  });
};
