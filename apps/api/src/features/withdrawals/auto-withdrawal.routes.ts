import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AutoWithdrawalInputSchema,
  AutoWithdrawalStateSchema,
  UserIdParamsSchema,
} from '@karta/shared/schemas/users';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { switchAutoWithdrawal } from './auto-withdrawal.service';

/** Automatic withdrawal's switch (decision 038); its state is in current_user too. */
export const autoWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['withdrawals'], access: ownAccountAccess(app) });

  route.post('/auto_withdrawal/:user_id', {
    operationId: 'setAutoWithdrawal',
    refuses: { 400: ['NOT_OWN_ACCOUNT'], 401: [], 404: [] },
    stepUp: 'in-handler',
    summary:
      "Turn automatic withdrawal on (a saved account in the seller's own name or approved, NOT_OWN_ACCOUNT, and the PIN) or off; answers its new state. Turning it on or changing its account, with two-step sign-in on: a fresh code (STEP_UP_REQUIRED)",
    input: { params: UserIdParamsSchema, body: AutoWithdrawalInputSchema },
    answers: AutoWithdrawalStateSchema,
    message: (state) =>
      state.enabled
        ? 'Automatic withdrawal is on. Each approved trade will be sent to your account.'
        : 'Automatic withdrawal is off. Approved trades stay in your wallet.',
    handle: async (request, user) => {
      if (request.body.enabled) await app.requireStepUp(request);
      return switchAutoWithdrawal(app.ctx, { user, ip: request.ip, input: request.body });
    },
  });
};
