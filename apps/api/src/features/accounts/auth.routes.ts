import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmAccountInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  registerInputSchema,
  ResetPasswordInputSchema,
} from '@karta/shared/schemas/auth';
import { UserSchema } from '@karta/shared/schemas/users';
import { CurrentUserSchema, TwoFactorSignInInputSchema } from '@karta/shared/schemas/two-factor';
import { jsonRoutes } from '../../lib/json-routes';
import { publicAccess, signedInAccess } from '../../lib/route-access';
import { assertSameOrigin, clearRefreshCookie } from '../sessions/refresh-cookie';
import { revokeAllSessions } from './accounts.repository';
import { login } from './login.service';
import { forgotPassword, resetPassword } from './password.service';
import { confirmAccount, registerUser } from './registration.service';
import { sessionRoutes } from './session-route';
import { completeTwoFactorSignIn } from './two-factor-sign-in.service';
import { getTwoFactorStatus } from './two-factor.service';
import { toUserView } from './user-view';
import { readKycState } from '../../lib/kyc-state';

const tags = ['auth'];

/** `/api/v1/auth/*`: registration, confirmation, sign-in and sign-out (docs/product.md §7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = jsonRoutes(app, { tags, access: publicAccess });
  const signedInRoute = jsonRoutes(app, { tags, access: signedInAccess(app) });
  const sessionRoute = sessionRoutes(app, { tags, access: publicAccess });

  route.post('/register', {
    operationId: 'registerAccount',
    refuses: { 409: ['ALREADY_EXISTS'] },
    summary: 'Create an account and mail its 6-digit confirmation code',
    // The age rule reads the app's clock, so tests can say which day it is.
    input: { body: registerInputSchema(ctx.clock) },
    answers: UserSchema,
    status: 201,
    message: (user) => `Account created. We sent a 6-digit code to ${user.email} to confirm it.`,
    handle: async (request) =>
      toUserView(await registerUser(ctx, request.body, { ip: request.ip })),
  });

  route.post('/account_otp_verification', {
    operationId: 'confirmAccount',
    refuses: { 401: [] },
    summary: 'Confirm an account with the mailed code',
    input: { body: ConfirmAccountInputSchema },
    answers: UserSchema,
    message: 'Your account is confirmed. Sign in to start trading.',
    handle: async (request) =>
      toUserView(await confirmAccount(ctx, { ...request.body, ip: request.ip })),
  });

  sessionRoute.postSignIn('/login', {
    operationId: 'signIn',
    refuses: { 401: [] },
    summary:
      'Sign in: an access token in the body, the refresh token in a cookie; with two-step sign-in on, a challenge instead (no token, no cookie), answered at /auth/login/two_factor',
    input: { body: LoginInputSchema },
    message: (user) => `Welcome back, ${user.firstName}.`,
    challengeMessage: 'Enter the 6-digit code from your authenticator app to finish signing in.',
    start: (request) => login(ctx, { ...request.body, ip: request.ip }),
  });

  sessionRoute.post('/login/two_factor', {
    operationId: 'completeTwoFactorSignIn',
    refuses: { 401: [] },
    summary:
      'The second step of a sign-in: the challenge and a code from the authenticator app (or a recovery code); answers what a plain sign-in answers',
    input: { body: TwoFactorSignInInputSchema },
    message: (user) => `Welcome back, ${user.firstName}.`,
    start: (request) => completeTwoFactorSignIn(ctx, { input: request.body, ip: request.ip }),
  });

  signedInRoute.get('/current_user', {
    operationId: 'getCurrentUser',
    summary:
      'The signed-in user, with the state of their two-step sign-in and their KYC tier, its limits and the next step',
    answers: CurrentUserSchema,
    message: 'Current user',
    handle: async (_request, user) => ({
      ...toUserView(user),
      two_factor: await getTwoFactorStatus(ctx, user),
      kyc: await readKycState(ctx.db, { user, limits: ctx.config, now: ctx.clock.now() }),
    }),
  });

  signedInRoute.post('/signout', {
    operationId: 'signOut',
    answerHeaders: ['Set-Cookie'],
    summary: 'Sign out everywhere: ends every session of the account',
    answers: z.null(),
    message: 'You have been signed out.',
    handle: async (request, user, reply) => {
      assertSameOrigin(request);
      await ctx.db.transaction((tx) => revokeAllSessions(tx, user.id, ctx.clock.now()));
      clearRefreshCookie(request, reply);
      return null;
    },
  });

  route.post('/forgot_password', {
    operationId: 'requestPasswordReset',
    summary: 'Mail a password reset code (same answer whether or not the account exists)',
    input: { body: ForgotPasswordInputSchema },
    answers: z.null(),
    message:
      'If an account uses this email, we have sent it a 6-digit code. It expires in 10 minutes.',
    handle: async (request) => {
      await forgotPassword(ctx, request.body);
      return null;
    },
  });

  route.post('/reset_password', {
    operationId: 'resetPassword',
    refuses: { 401: [] },
    summary: 'Set a new password with the mailed reset code',
    input: { body: ResetPasswordInputSchema },
    answers: z.null(),
    message: 'Your password has been reset. Sign in with your new password.',
    handle: async (request) => {
      await resetPassword(ctx, request.body);
      return null;
    },
  });
};
