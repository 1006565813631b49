import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailQuerySchema,
  ReactivateInputSchema,
  SessionEnvelopeSchema,
} from '@karta/shared/schemas/auth';
import { MessageEnvelopeSchema, successEnvelope } from '@karta/shared/schemas/common';
import {
  AccountPasswordInputSchema,
  UpdatePasswordInputSchema,
  UpdatePinInputSchema,
  UserIdParamsSchema,
  UserSchema,
} from '@karta/shared/schemas/users';
import { MESSAGES } from '@karta/shared/messages';
import { AppError } from '../../lib/app-error';
import { responses, success } from '../../lib/http';
import { getAuthUser, readAccessToken } from '../../plugins/auth';
import {
  assertSameOrigin,
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
} from '../sessions/refresh-cookie';
import { rotateSession } from '../sessions/sessions.service';
import { deactivateAccount, deleteAccount, updatePin } from './account.service';
import { reactivateAccount } from './login.service';
import { changePassword, requestCode } from './password.service';
import { toUserView } from './user-view';

const UserEnvelopeSchema = successEnvelope(UserSchema);
const bearer = [{ accessToken: [] }];

/** `/api/v1/user/*`: codes, password, PIN, deactivation, deletion and session refresh. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const ownAccount = { onRequest: [app.authenticate, app.requireOwnUserId] };

  app.get(
    '/request_otp',
    {
      schema: {
        tags: ['user'],
        summary:
          'Signed in: mail a password-change code. Signed out: resend an account confirmation code',
        querystring: EmailQuerySchema,
        response: responses(MessageEnvelopeSchema),
      },
    },
    async (request) => {
      // Optional sign-in: a token that is present must be valid.
      if (readAccessToken(request)) await app.authenticate(request);
      await requestCode(ctx, { email: request.query.email, caller: request.authUser });
      return success('We have sent a new 6-digit code to your email.', null);
    },
  );

  app.post(
    '/update_password/:user_id',
    {
      ...ownAccount,
      schema: {
        tags: ['user'],
        summary: 'Change the password with the current one and a mailed code',
        security: bearer,
        params: UserIdParamsSchema,
        body: UpdatePasswordInputSchema,
        response: responses(SessionEnvelopeSchema),
      },
    },
    async (request, reply) => {
      const { user, session } = await changePassword(ctx, {
        user: getAuthUser(request),
        input: request.body,
        device: request.authDevice,
        ip: request.ip,
      });
      setRefreshCookie(request, reply, session.refreshToken, session.refreshExpiresAt);
      return {
        ...success(
          'Your password has been changed. Other devices have been signed out.',
          toUserView(user),
        ),
        token: session.accessToken,
      };
    },
  );

  app.post(
    '/update_pin/:user_id',
    {
      ...ownAccount,
      schema: {
        tags: ['user'],
        summary: 'Set or change the 4-digit withdrawal PIN',
        security: bearer,
        params: UserIdParamsSchema,
        body: UpdatePinInputSchema,
        response: responses(UserEnvelopeSchema),
      },
    },
    async (request) => {
      const { user, isNewPin } = await updatePin(ctx, {
        user: getAuthUser(request),
        input: request.body,
        ip: request.ip,
      });
      const message = isNewPin ? 'Your PIN has been set.' : 'Your PIN has been changed.';
      return success(message, toUserView(user));
    },
  );

  app.post(
    '/deactivate_account/:user_id',
    {
      ...ownAccount,
      schema: {
        tags: ['user'],
        summary: 'Deactivate the account (it can be reactivated with the password)',
        security: bearer,
        params: UserIdParamsSchema,
        body: AccountPasswordInputSchema,
        response: responses(MessageEnvelopeSchema),
      },
    },
    async (request, reply) => {
      await deactivateAccount(ctx, {
        user: getAuthUser(request),
        password: request.body.password,
        ip: request.ip,
      });
      clearRefreshCookie(request, reply);
      return success(
        'Your account has been deactivated. Sign in again any time to reactivate it.',
        null,
      );
    },
  );

  app.post(
    '/delete_account/:user_id',
    {
      ...ownAccount,
      schema: {
        tags: ['user'],
        summary: 'Delete the account: personal data is erased, money records are kept',
        security: bearer,
        params: UserIdParamsSchema,
        body: AccountPasswordInputSchema,
        response: responses(MessageEnvelopeSchema),
      },
    },
    async (request, reply) => {
      await deleteAccount(ctx, {
        user: getAuthUser(request),
        password: request.body.password,
        ip: request.ip,
      });
      clearRefreshCookie(request, reply);
      return success('Your account has been deleted.', null);
    },
  );

  app.post(
    '/reactivate_account',
    {
      schema: {
        tags: ['user'],
        summary: 'Reactivate a deactivated account',
        body: ReactivateInputSchema,
        response: responses(UserEnvelopeSchema),
      },
    },
    async (request) => {
      const user = await reactivateAccount(ctx, { ...request.body, ip: request.ip });
      return success('Your account is active again. Sign in to continue.', toUserView(user));
    },
  );

  app.post(
    '/refresh_token/:user_id',
    {
      schema: {
        tags: ['user'],
        summary: 'Trade the refresh cookie for a new access token (no Authorization header)',
        security: [{ refreshCookie: [] }],
        params: UserIdParamsSchema,
        response: responses(SessionEnvelopeSchema),
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      const presentedToken = readRefreshCookie(request);
      if (!presentedToken) throw new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);
      const { user, session } = await rotateSession(ctx, {
        presentedToken,
        userId: request.params.user_id,
      }).catch((error: unknown) => {
        // A cookie that cannot refresh is dead weight on every later request: drop it.
        clearRefreshCookie(request, reply);
        throw error;
      });
      setRefreshCookie(request, reply, session.refreshToken, session.refreshExpiresAt);
      return { ...success('Session refreshed', toUserView(user)), token: session.accessToken };
    },
  );
};
