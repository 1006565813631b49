import type { FastifyReply } from 'fastify';
import { SessionEnvelopeSchema } from '@karta/shared/schemas/auth';
import {
  TwoFactorChallengeEnvelopeSchema,
  type TwoFactorChallenge,
} from '@karta/shared/schemas/two-factor';
import { z } from 'zod';
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

interface StartedSession {
  user: UserRow;
  session: IssuedSession;
}

interface SessionRoute<Input extends RouteInput, Caller, Started> extends RouteContract {
  summary: string;
  input?: Input;
  message: string | ((user: UserRow) => string);
  /** Signs in, changes the password or rotates the token; the reply can clear a dead cookie. */
  start: (request: RequestOf<Input>, caller: Caller, reply: FastifyReply) => Promise<Started>;
}

/**
 * More of the answer beside the session, read for the user the session was just started for
 * (never anyone the request names): the refresh's dashboard data (decision 077).
 */
interface AlsoAnswers<Input extends RouteInput> {
  /** The whole answer's schema: the session envelope with the extra fields, optional. */
  schema: z.ZodType;
  read: (request: RequestOf<Input>, user: UserRow) => Promise<Record<string, unknown>>;
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
  const answer = (
    request: RequestOf<RouteInput>,
    reply: FastifyReply,
    started: StartedSession,
    message: string | ((user: UserRow) => string),
  ) => {
    const { user, session } = started;
    setRefreshCookie(request, reply, session.refreshToken, session.refreshExpiresAt);
    const words = typeof message === 'string' ? message : message(user);
    return { ...success(words, toUserView(user)), token: session.accessToken };
  };

  const post = <Input extends RouteInput = RouteInput>(
    url: string,
    route: SessionRoute<Input, Caller, StartedSession> & { alsoAnswers?: AlsoAnswers<Input> },
  ) => {
    const { message, start, alsoAnswers, ...declared } = route;
    declareRoute(app, {
      method: 'POST',
      url,
      ...group,
      ...declared,
      // The refresh token travels only in its HttpOnly cookie.
      answerHeaders: ['Set-Cookie'],
      response: responses(alsoAnswers?.schema ?? SessionEnvelopeSchema),
      handler: async (request: RequestOf<Input>, reply, caller) => {
        const started = await start(request, caller, reply);
        const also = alsoAnswers ? await alsoAnswers.read(request, started.user) : {};
        return { ...answer(request, reply, started, message), ...also };
      },
    });
  };

  /**
   * A sign-in with a password: the session, or for an account with two-step sign-in a
   * challenge instead, with no token and no cookie (decision 061).
   */
  const postSignIn = <Input extends RouteInput = RouteInput>(
    url: string,
    route: SessionRoute<Input, Caller, StartedSession | { challenge: TwoFactorChallenge }> & {
      challengeMessage: string;
    },
  ) => {
    const { message, challengeMessage, start, ...declared } = route;
    declareRoute(app, {
      method: 'POST',
      url,
      ...group,
      ...declared,
      answerHeaders: ['Set-Cookie'],
      response: responses(z.union([SessionEnvelopeSchema, TwoFactorChallengeEnvelopeSchema])),
      handler: async (request: RequestOf<Input>, reply, caller) => {
        const started = await start(request, caller, reply);
        if ('challenge' in started) return success(challengeMessage, started.challenge);
        return answer(request, reply, started, message);
      },
    });
  };
  return { post, postSignIn };
}
