import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SELLER_NOT_FOUND,
  SellerActionInputSchema,
  SellerIdParamsSchema,
} from '@karta/shared/schemas/sellers-desk';
import {
  DisableTwoFactorInputSchema,
  RecoveryCodesSchema,
  StepUpInputSchema,
  StepUpSchema,
  TotpCodeInputSchema,
  TotpSetupInputSchema,
  TotpSetupSchema,
} from '@karta/shared/schemas/two-factor';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { jsonRoutes, staffRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { PasskeyAssertionOptionsSchema } from '@karta/shared/schemas/passkeys';
import { startStepUpWithPasskey, stepUp } from './step-up.service';
import { resetTwoFactor } from './two-factor-reset.service';
import { disableTwoFactor, enableTotp, setUpTotp } from './two-factor.service';

/**
 * `/api/v1/user/two_factor/*`: an account's two-step sign-in (decision 061). Staff reach these
 * whatever STAFF_TWO_FACTOR says: they are how a console account turns it on.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = jsonRoutes(app, { tags: ['two-step'], access: ownAccountAccess(app) });

  route.post('/totp/setup/:user_id', {
    operationId: 'setUpTotp',
    refuses: { 401: [], 409: ['ALREADY_EXISTS'] },
    summary:
      'Start adding an authenticator app (with the password): a new secret, its otpauth URL and a QR code. Nothing is on until a first code confirms it',
    input: { params: UserIdParamsSchema, body: TotpSetupInputSchema },
    answers: TotpSetupSchema,
    message: 'Scan the QR code with your authenticator app, then enter the code it shows.',
    handle: (request, user) =>
      setUpTotp(ctx, { user, password: request.body.password, ip: request.ip }),
  });

  route.post('/totp/enable/:user_id', {
    operationId: 'enableTotp',
    refuses: { 401: [], 409: ['ALREADY_EXISTS'] },
    summary:
      'Turn two-step sign-in on with the first code from the app; answers ten recovery codes, shown this once',
    input: { params: UserIdParamsSchema, body: TotpCodeInputSchema },
    answers: RecoveryCodesSchema,
    message:
      'Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once, and we will not show them again.',
    handle: (request, user) =>
      enableTotp(ctx, {
        user,
        code: request.body.code,
        sessionId: request.authSessionId,
        ip: request.ip,
      }),
  });

  route.post('/disable/:user_id', {
    operationId: 'disableTwoFactor',
    refuses: { 401: [] },
    summary:
      'Turn two-step sign-in off with the password and a code (from the app, or a recovery code); the account is mailed',
    input: { params: UserIdParamsSchema, body: DisableTwoFactorInputSchema },
    answers: z.null(),
    message: 'Two-step sign-in is off.',
    handle: async (request, user) => {
      await disableTwoFactor(ctx, { user, ...request.body, ip: request.ip });
      return null;
    },
  });

  route.post('/step_up/options/:user_id', {
    operationId: 'startStepUpWithPasskey',
    refuses: {},
    summary:
      'Options to confirm with one of the account’s passkeys (they name its passkeys; five minutes, used once); send the browser’s answer to stepUp',
    input: { params: UserIdParamsSchema },
    answers: PasskeyAssertionOptionsSchema,
    message: 'Confirm with your passkey.',
    handle: (_request, user) => startStepUpWithPasskey(ctx, { user }),
  });

  route.post('/step_up/:user_id', {
    operationId: 'stepUp',
    refuses: { 401: [] },
    summary:
      'Confirm with a code or a passkey’s answer now: for five minutes this session needs no other for the changes that ask for one (STEP_UP_REQUIRED)',
    input: { params: UserIdParamsSchema, body: StepUpInputSchema },
    answers: StepUpSchema,
    message: 'Confirmed. You have five minutes to make your change.',
    handle: (request, user) =>
      stepUp(ctx, {
        user,
        sessionId: request.authSessionId,
        input: request.body,
        ip: request.ip,
      }),
  });
};

/** `/api/v1/admin/users/{id}/reset_two_factor`: the sellers desk's reset, for admins. */
export const twoFactorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminRoute } = staffRoutes(app, 'sellers');

  adminRoute.post('/:id/reset_two_factor', {
    operationId: 'resetTwoFactor',
    refuses: { 404: [], 409: ['ALREADY_DECIDED'] },
    summary:
      'Turn off the two-step sign-in of a seller or staff member who lost their authenticator and recovery codes, with a reason, after checking who they are: audited, mailed, and every session of the account ends',
    input: { params: SellerIdParamsSchema, body: SellerActionInputSchema },
    answers: z.null(),
    message: 'Two-step sign-in reset. Every session of the account has ended.',
    handle: async (request, actor) => {
      const userId = request.params.id;
      if (!isUuid(userId)) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND, { field: 'id' });
      await resetTwoFactor(app.ctx, { actor, userId, reason: request.body.reason });
      return null;
    },
  });
};
