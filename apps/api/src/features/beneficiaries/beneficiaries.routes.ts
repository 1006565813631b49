import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BeneficiaryAccountSchema,
  DeleteBeneficiaryInputSchema,
} from '@karta/shared/schemas/beneficiaries';
import {
  MessageEnvelopeSchema,
  pageOf,
  PageQuerySchema,
  successEnvelope,
} from '@karta/shared/schemas/common';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { AppError } from '../../lib/app-error';
import { responses, success } from '../../lib/http';
import { getAuthUser } from '../../plugins/auth';
import { BankAccountInputSchema } from '@karta/shared/schemas/finance';
import {
  addUserBeneficiary,
  deleteUserBeneficiary,
  listUserBeneficiaries,
} from './beneficiaries.service';

const bearer = [{ accessToken: [] }];

/** Saved withdrawal accounts (spec §7); names always come from the payout provider. */
export const beneficiaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get_beneficiary_banks/:user_id',
    {
      onRequest: [app.authenticate, app.requireOwnUserId],
      schema: {
        tags: ['beneficiaries'],
        summary: "The user's saved withdrawal accounts, newest first",
        security: bearer,
        params: UserIdParamsSchema,
        querystring: PageQuerySchema,
        response: responses(successEnvelope(pageOf(BeneficiaryAccountSchema))),
      },
    },
    async (request) =>
      success(
        'Withdrawal accounts',
        await listUserBeneficiaries(app.ctx, {
          userId: getAuthUser(request).id,
          page: request.query,
        }),
      ),
  );

  app.post(
    '/add_beneficiary_account/:user_id',
    {
      onRequest: [app.authenticate, app.requireOwnUserId],
      schema: {
        tags: ['beneficiaries'],
        summary: 'Save a withdrawal account; its name is resolved with the bank',
        security: bearer,
        params: UserIdParamsSchema,
        body: BankAccountInputSchema,
        response: responses(successEnvelope(BeneficiaryAccountSchema), 201),
      },
    },
    async (request, reply) => {
      const account = await addUserBeneficiary(app.ctx, {
        userId: getAuthUser(request).id,
        input: request.body,
      });
      return reply.status(201).send(success('Withdrawal account saved.', account));
    },
  );

  app.post(
    '/delete_beneficiary_account',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['beneficiaries'],
        summary: 'Delete a saved withdrawal account (answers message "success")',
        security: bearer,
        body: DeleteBeneficiaryInputSchema,
        response: responses(MessageEnvelopeSchema),
      },
    },
    async (request) => {
      const user = getAuthUser(request);
      if (request.body.user_id !== user.id) {
        throw new AppError('FORBIDDEN', 'You can only act on your own account.');
      }
      await deleteUserBeneficiary(app.ctx, {
        userId: user.id,
        beneficiaryId: request.body.beneficiary_account_id,
      });
      // The spec's client checks for exactly this message.
      return success('success', null);
    },
  );
};
