import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountApprovalSchema,
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
import { requestAccountApproval } from './own-accounts.service';

const tags = ['beneficiaries'];

/** Saved withdrawal accounts (docs/product.md §7); names always come from the payout provider. */
export const beneficiaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags, access: ownAccountAccess(app) });
  // The spec's delete names the account in the body, not the path: checked in the handler.
  const deleteRoute = jsonRoutes(app, { tags, access: signedInAccess(app) });

  route.get('/get_beneficiary_banks/:user_id', {
    operationId: 'listBeneficiaries',
    summary:
      "The user's saved withdrawal accounts, newest first; needs_approval marks one not in the seller's own name that Karta has not approved (decision 064)",
    input: { params: UserIdParamsSchema, querystring: PageQuerySchema },
    answers: pageOf(BeneficiaryAccountSchema),
    message: 'Withdrawal accounts',
    handle: (request, user) => listUserBeneficiaries(app.ctx, { user, page: request.query }),
  });

  route.post('/add_beneficiary_account/:user_id', {
    operationId: 'addBeneficiary',
    refuses: { 400: ['NOT_OWN_ACCOUNT'], 409: ['ALREADY_EXISTS'] },
    stepUp: 'always',
    summary:
      "Save a withdrawal account; its name is resolved with the bank and must be the seller's BVN name unless an operator approved this account (NOT_OWN_ACCOUNT, decision 064). With two-step sign-in on: a fresh code (STEP_UP_REQUIRED)",
    input: { params: UserIdParamsSchema, body: BankAccountInputSchema },
    answers: BeneficiaryAccountSchema,
    status: 201,
    message: 'Withdrawal account saved.',
    handle: (request, user) => addUserBeneficiary(app.ctx, { user, input: request.body }),
  });

  route.post('/request_account_approval/:user_id', {
    operationId: 'requestAccountApproval',
    refuses: { 409: ['ALREADY_DECIDED'] },
    stepUp: 'always',
    summary:
      "Ask Karta to approve one withdrawal account not in the seller's own name (decision 064): an operator answers on the seller's page, by notice and mail; asking again while it is open answers the same request. With two-step sign-in on: a fresh code (STEP_UP_REQUIRED)",
    input: { params: UserIdParamsSchema, body: BankAccountInputSchema },
    answers: AccountApprovalSchema,
    status: 201,
    message: 'Karta will look at this account and tell you the answer.',
    handle: (request, user) => requestAccountApproval(app.ctx, { user, input: request.body }),
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
