import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddPasskeyInputSchema,
  DeletePasskeyInputSchema,
  PasskeyListSchema,
  PasskeyRegistrationOptionsSchema,
  PasskeySchema,
  PasskeySignInInputSchema,
  PasskeySignInOptionsSchema,
} from '@karta/shared/schemas/passkeys';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess, publicAccess } from '../../lib/route-access';
import {
  addPasskey,
  listAccountPasskeys,
  removePasskey,
  signInWithPasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkeys.service';
import { sessionRoutes } from './session-route';

const tags = ['passkeys'];

/** `/api/v1/user/passkeys/*`: the account's passkeys, from Settings › Security (decision 062). */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = jsonRoutes(app, { tags, access: ownAccountAccess(app) });

  route.post('/options/:user_id', {
    operationId: 'startPasskeyRegistration',
    refuses: {},
    // A new way in: with two-step on, a fresh second factor first (so a stolen session cannot
    // leave itself a passkey). The answer's challenge is what addPasskey needs.
    stepUp: 'always',
    summary:
      'Registration options for a new passkey (discoverable, user verification required); the challenge lasts five minutes and is used once. With two-step sign-in on, a fresh second factor first',
    input: { params: UserIdParamsSchema },
    answers: PasskeyRegistrationOptionsSchema,
    message: 'Follow your browser to create the passkey.',
    handle: (request, user) => startPasskeyRegistration(ctx, { user, ip: request.ip }),
  });

  route.post('/delete/:user_id', {
    operationId: 'removePasskey',
    refuses: { 404: [] },
    // Removing the last passkey can turn two-step sign-in off: a fresh second factor first.
    stepUp: 'always',
    summary:
      'Remove one of the account’s passkeys (a fresh second factor first); the account is told in the bell and by mail',
    input: { params: UserIdParamsSchema, body: DeletePasskeyInputSchema },
    answers: z.null(),
    message: 'Passkey removed.',
    handle: async (request, user) => {
      await removePasskey(ctx, { user, passkeyId: request.body.passkey_id });
      return null;
    },
  });

  route.post('/:user_id', {
    operationId: 'addPasskey',
    refuses: { 401: [], 409: ['ALREADY_EXISTS'] },
    summary:
      'Add a passkey: its name and the browser’s answer to the registration options (the attestation is verified)',
    input: { params: UserIdParamsSchema, body: AddPasskeyInputSchema },
    answers: PasskeySchema,
    status: 201,
    message: 'Passkey added. You can now sign in with it, without your password.',
    handle: (request, user) =>
      addPasskey(ctx, {
        user,
        name: request.body.name,
        response: request.body.response,
        ip: request.ip,
      }),
  });

  route.get('/:user_id', {
    operationId: 'listPasskeys',
    summary: 'The account’s passkeys, oldest first',
    input: { params: UserIdParamsSchema },
    answers: PasskeyListSchema,
    message: 'Passkeys',
    handle: (_request, user) => listAccountPasskeys(ctx, user),
  });
};

/** `/api/v1/auth/passkey/*`: signing in with a passkey alone (it is both factors). */
export const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = jsonRoutes(app, { tags: ['auth'], access: publicAccess });
  const sessionRoute = sessionRoutes(app, { tags: ['auth'], access: publicAccess });

  route.post('/options', {
    operationId: 'startPasskeySignIn',
    refuses: {},
    summary:
      'Options to sign in with a passkey (no account named: the browser offers the passkeys it holds); send the challenge id back with the answer',
    answers: PasskeySignInOptionsSchema,
    message: 'Choose your passkey.',
    handle: (request) => startPasskeySignIn(ctx, { ip: request.ip }),
  });

  sessionRoute.post('/login', {
    operationId: 'signInWithPasskey',
    refuses: { 401: [] },
    summary:
      'Sign in with a passkey: the challenge id and the browser’s signed answer; answers what a sign-in answers, with no code asked after it',
    input: { body: PasskeySignInInputSchema },
    message: (user) => `Welcome back, ${user.firstName}.`,
    start: (request) =>
      signInWithPasskey(ctx, {
        challengeId: request.body.challenge_id,
        response: request.body.response,
        ip: request.ip,
        device: 'web',
      }),
  });
};
