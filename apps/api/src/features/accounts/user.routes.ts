import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmailQuerySchema, ReactivateInputSchema } from '@karta/shared/schemas/auth';
import { successEnvelope } from '@karta/shared/schemas/common';
import { MESSAGES } from '@karta/shared/messages';
import {
  RefreshEnvelopeSchema,
  RefreshQuerySchema,
  type DashboardStart,
} from '@karta/shared/schemas/dashboard-start';
import {
  AccountPasswordInputSchema,
  UpdatePasswordInputSchema,
  UpdatePinInputSchema,
  UserIdParamsSchema,
  UserSchema,
} from '@karta/shared/schemas/users';
import { AppError } from '../../lib/app-error';
import { declareRoute } from '../../lib/declare-route';
import { responses, success } from '../../lib/http';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess, publicAccess, type RouteAccess } from '../../lib/route-access';
import { readAccessToken } from '../../plugins/auth';
import {
  clearRefreshCookie,
  readRefreshCookie,
  assertSameOrigin,
} from '../sessions/refresh-cookie';
import { rotateSession } from '../sessions/sessions.service';
import { deactivateAccount, deleteAccount, updatePin } from './account.service';
import { reactivateAccount } from './login.service';
import { changePassword, requestCode } from './password.service';
import { sessionRoutes } from './session-route';
import { toUserView } from './user-view';
import type { Refusals } from '../../lib/route-contract';
import type { AppContext } from '../../app-context';

const tags = ['user'];

/** Refresh sends no access token: the HttpOnly cookie is the credential. */
const refreshCookieAccess: RouteAccess<undefined> = {
  guards: [],
  kind: 'signed-in',
  security: [{ refreshCookie: [] }],
  callerOf: () => undefined,
};

/** The two ways a user closes their own account; a deactivated one can sign in again. */
const ACCOUNT_CLOSINGS = [
  {
    url: '/deactivate_account/:user_id',
    operationId: 'deactivateAccount',
    refuses: { 401: [] },
    summary: 'Deactivate the account (it can be reactivated with the password)',
    close: deactivateAccount,
    message: 'Your account has been deactivated. Sign in again any time to reactivate it.',
  },
  {
    url: '/delete_account/:user_id',
    operationId: 'deleteAccount',
    refuses: { 401: [] },
    summary: 'Delete the account: personal data is erased, money records are kept',
    close: deleteAccount,
    message: 'Your account has been deleted.',
  },
] satisfies ({ refuses: Refusals } & Record<string, unknown>)[];

/**
 * Handed in by app.ts: the dashboard's first data for the refresh's `include=dashboard`
 * (decision 077), read by the features that own it, which this one may not depend on.
 */
export interface UserRoutesOptions {
  readDashboardStart: (ctx: AppContext, userId: string) => Promise<DashboardStart>;
}

/** `/api/v1/user/*`: codes, password, PIN, deactivation, deletion and session refresh. */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, options) => {
  const { ctx } = app;
  const route = jsonRoutes(app, { tags, access: publicAccess });
  // Anyone; a token, when sent, must be valid and makes it the password-change code.
  const optionallySignedInRoute = jsonRoutes(app, {
    tags,
    access: { ...publicAccess, security: [{}, { accessToken: [] }] },
  });
  const ownRoute = jsonRoutes(app, { tags, access: ownAccountAccess(app) });
  const ownSessionRoute = sessionRoutes(app, { tags, access: ownAccountAccess(app) });
  const refreshRoute = sessionRoutes(app, { tags, access: refreshCookieAccess });

  optionallySignedInRoute.get('/request_otp', {
    operationId: 'requestCode',
    refuses: { 403: [] },
    summary:
      'Signed in: mail a password-change code. Signed out: resend an account confirmation code',
    input: { querystring: EmailQuerySchema },
    answers: z.null(),
    message: 'We have sent a new 6-digit code to your email.',
    handle: async (request) => {
      // Optional sign-in: a token that is present must be valid.
      if (readAccessToken(request)) await app.authenticate(request);
      await requestCode(ctx, {
        email: request.query.email,
        caller: request.authUser,
        ip: request.ip,
      });
      return null;
    },
  });

  ownSessionRoute.post('/update_password/:user_id', {
    operationId: 'changePassword',
    refuses: { 401: [] },
    stepUp: 'always',
    summary:
      'Change the password with the current one and a mailed code (with two-step sign-in on, a fresh code too: STEP_UP_REQUIRED)',
    input: { params: UserIdParamsSchema, body: UpdatePasswordInputSchema },
    message: 'Your password has been changed. Other devices have been signed out.',
    start: (request, user) =>
      changePassword(ctx, {
        user,
        input: request.body,
        device: request.authDevice,
        ip: request.ip,
      }),
  });

  // Its message says whether the PIN is new, which only the service knows.
  declareRoute(app, {
    method: 'POST',
    url: '/update_pin/:user_id',
    operationId: 'setPin',
    refuses: { 401: [] },
    stepUp: 'always',
    tags,
    access: ownAccountAccess(app),
    summary:
      'Set or change the 4-digit withdrawal PIN (with two-step sign-in on, a fresh code too: STEP_UP_REQUIRED)',
    input: { params: UserIdParamsSchema, body: UpdatePinInputSchema },
    response: responses(successEnvelope(UserSchema)),
    handler: async (request, _reply, user) => {
      const updated = await updatePin(ctx, { user, input: request.body, ip: request.ip });
      const message = updated.isNewPin ? 'Your PIN has been set.' : 'Your PIN has been changed.';
      return success(message, toUserView(updated.user));
    },
  });

  // Deactivation and deletion both take the password, end every session and drop the cookie.
  for (const closing of ACCOUNT_CLOSINGS) {
    ownRoute.post(closing.url, {
      operationId: closing.operationId,
      // Ending every session drops the refresh cookie too.
      answerHeaders: ['Set-Cookie'],
      refuses: closing.refuses,
      summary: closing.summary,
      input: { params: UserIdParamsSchema, body: AccountPasswordInputSchema },
      answers: z.null(),
      message: closing.message,
      handle: async (request, user, reply) => {
        await closing.close(ctx, { user, password: request.body.password, ip: request.ip });
        clearRefreshCookie(request, reply);
        return null;
      },
    });
  }

  route.post('/reactivate_account', {
    operationId: 'reactivateAccount',
    refuses: { 401: [] },
    summary: 'Reactivate a deactivated account',
    input: { body: ReactivateInputSchema },
    answers: UserSchema,
    message: 'Your account is active again. Sign in to continue.',
    handle: async (request) =>
      toUserView(await reactivateAccount(ctx, { ...request.body, ip: request.ip })),
  });

  refreshRoute.post('/refresh_token/:user_id', {
    operationId: 'refreshSession',
    refuses: { 403: ['ACCOUNT_SUSPENDED'] },
    // A cookie that cannot refresh is cleared as the refusal goes.
    refusalHeaders: ['Set-Cookie'],
    summary:
      'Trade the refresh cookie for a new access token (no Authorization header); with include=dashboard, the answer also carries the wallet and the first page of trades (decision 077)',
    input: { params: UserIdParamsSchema, querystring: RefreshQuerySchema },
    alsoAnswers: {
      schema: RefreshEnvelopeSchema,
      // The user the cookie's session belongs to (rotateSession checked the id against it).
      read: async (request, user) =>
        request.query.include === 'dashboard'
          ? { dashboard: await options.readDashboardStart(ctx, user.id) }
          : {},
    },
    message: 'Session refreshed',
    start: async (request, _caller, reply) => {
      assertSameOrigin(request);
      const presentedToken = readRefreshCookie(request);
      if (!presentedToken) throw new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);
      return rotateSession(ctx, { presentedToken, userId: request.params.user_id }).catch(
        (error: unknown) => {
          // A cookie that cannot refresh is dead weight on every later request: drop it.
          clearRefreshCookie(request, reply);
          throw error;
        },
      );
    },
  });
};
