import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConfirmAccountInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  registerInputSchema,
  ResetPasswordInputSchema,
  SessionEnvelopeSchema,
} from '@karta/shared/schemas/auth';
import { MessageEnvelopeSchema, successEnvelope } from '@karta/shared/schemas/common';
import { UserSchema } from '@karta/shared/schemas/users';
import { getAuthUser } from '../../plugins/auth';
import { responses, success } from '../../lib/http';
import { revokeAllSessions } from './accounts.repository';
import { forgotPassword, resetPassword } from './password.service';
import { login } from './login.service';
import { confirmAccount, registerUser } from './registration.service';
import { toUserView } from './user-view';
import { assertSameOrigin, clearRefreshCookie, setRefreshCookie } from '../sessions/refresh-cookie';

const UserEnvelopeSchema = successEnvelope(UserSchema);

/** `/api/v1/auth/*`: registration, confirmation, sign-in and sign-out (spec §7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and mail its 6-digit confirmation code',
        // The age rule reads the app's clock, so tests can say which day it is.
        body: registerInputSchema(ctx.clock),
        response: responses(UserEnvelopeSchema, 201),
      },
    },
    async (request, reply) => {
      const user = await registerUser(ctx, request.body);
      return reply
        .status(201)
        .send(
          success(
            `Account created. We sent a 6-digit code to ${user.email} to confirm it.`,
            toUserView(user),
          ),
        );
    },
  );

  app.post(
    '/account_otp_verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an account with the mailed code',
        body: ConfirmAccountInputSchema,
        response: responses(UserEnvelopeSchema),
      },
    },
    async (request) => {
      const user = await confirmAccount(ctx, { ...request.body, ip: request.ip });
      return success('Your account is confirmed. Sign in to start trading.', toUserView(user));
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: an access token in the body, the refresh token in a cookie',
        body: LoginInputSchema,
        response: responses(SessionEnvelopeSchema),
      },
    },
    async (request, reply) => {
      const { user, session } = await login(ctx, { ...request.body, ip: request.ip });
      setRefreshCookie(request, reply, session.refreshToken, session.refreshExpiresAt);
      return {
        ...success(`Welcome back, ${user.firstName}.`, toUserView(user)),
        token: session.accessToken,
      };
    },
  );

  app.get(
    '/current_user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ accessToken: [] }],
        response: responses(UserEnvelopeSchema),
      },
    },
    async (request) => success('Current user', toUserView(getAuthUser(request))),
  );

  app.post(
    '/signout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: ends every session of the account',
        security: [{ accessToken: [] }],
        response: responses(MessageEnvelopeSchema),
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      await ctx.db.transaction((tx) =>
        revokeAllSessions(tx, getAuthUser(request).id, ctx.clock.now()),
      );
      clearRefreshCookie(request, reply);
      return success('You have been signed out.', null);
    },
  );

  app.post(
    '/forgot_password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset code (same answer whether or not the account exists)',
        body: ForgotPasswordInputSchema,
        response: responses(MessageEnvelopeSchema),
      },
    },
    async (request) => {
      await forgotPassword(ctx, request.body);
      return success(
        'If an account uses this email, we have sent it a 6-digit code. It expires in 10 minutes.',
        null,
      );
    },
  );

  app.post(
    '/reset_password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed reset code',
        body: ResetPasswordInputSchema,
        response: responses(MessageEnvelopeSchema),
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return success('Your password has been reset. Sign in with your new password.', null);
    },
  );
};
