import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EndSessionInputSchema, OwnSessionListSchema } from '@karta/shared/schemas/sessions';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { endOwnSession, listOwnSessions } from './own-sessions.service';

const tags = ['sessions'];

/**
 * `/api/v1/user/sessions/*`: the seller's signed-in devices, and signing one out (decision 075).
 * Signing out every device is `POST /auth/signout`.
 */
export const ownSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = jsonRoutes(app, { tags, access: ownAccountAccess(app) });

  route.get('/:user_id', {
    operationId: 'listOwnSessions',
    refuses: {},
    summary:
      "The account's signed-in devices: each sign-in's device, when it signed in and was last active, and which one is asking",
    input: { params: UserIdParamsSchema },
    answers: OwnSessionListSchema,
    message: 'Signed-in devices',
    handle: (request, user) =>
      listOwnSessions(ctx, { user, currentSessionId: request.authSessionId }),
  });

  route.post('/end/:user_id', {
    operationId: 'endOwnSession',
    refuses: { 404: [] },
    summary:
      'Sign one device out: its sign-in can no longer refresh, and its access token lapses within 15 minutes; the other devices stay signed in',
    input: { params: UserIdParamsSchema, body: EndSessionInputSchema },
    answers: z.null(),
    message: 'That device is signed out. Your other devices stay signed in.',
    handle: async (request, user) => {
      await endOwnSession(ctx, { user, sessionId: request.body.session_id });
      return null;
    },
  });
};
