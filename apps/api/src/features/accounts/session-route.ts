import type { FastifyReply } from 'fastify';
import { SessionEnvelopeSchema } from '@karta/shared/schemas/auth';
import {
  declareRoute,
  type RequestOf,
  type RouteInput,
  type ZodApp,
} from '../../lib/declare-route';
import { responses, success } from '../../lib/http';
import type { RouteAccess } from '../../lib/route-access';
import type { RouteContract } from '../../lib/route-contract';
import type { UserRow } from '../../lib/users';
import { setRefreshCookie } from '../sessions/refresh-cookie';
import type { IssuedSession } from '../sessions/sessions.service';
import { toUserView } from './user-view';

interface SessionRoute<Input extends RouteInput, Caller> extends RouteContract {
  summary: string;
  input?: Input;
  message: string | ((user: UserRow) => string);
  /** Signs in, changes the password or rotates the token; the reply can clear a dead cookie. */
  start: (
    request: RequestOf<Input>,
    caller: Caller,
    reply: FastifyReply,
  ) => Promise<{ user: UserRow; session: IssuedSession }>;
}

/**
 * Routes that start or renew a session (sign-in, password change, refresh), declared like
 * `jsonRoutes`: the refresh token goes only into its HttpOnly cookie, the access token into the
 * body beside the user (docs/product.md §4).
 */
export function sessionRoutes<Caller>(
  app: ZodApp,
  group: { tags: string[]; access: RouteAccess<Caller> },
) {
  const post = <Input extends RouteInput = RouteInput>(
    url: string,
    route: SessionRoute<Input, Caller>,
  ) => {
    const { message, start, ...declared } = route;
    declareRoute(app, {
      method: 'POST',
      url,
      ...group,
      ...declared,
      // The refresh token travels only in its HttpOnly cookie.
      answerHeaders: ['Set-Cookie'],
      response: responses(SessionEnvelopeSchema),
      handler: async (request: RequestOf<Input>, reply, caller) => {
        const { user, session } = await start(request, caller, reply);
        setRefreshCookie(request, reply, session.refreshToken, session.refreshExpiresAt);
        const words = typeof message === 'string' ? message : message(user);
        return { ...success(words, toUserView(user)), token: session.accessToken };
      },
    });
  };
  return { post };
}
