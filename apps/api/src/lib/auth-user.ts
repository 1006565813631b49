import type { FastifyRequest } from 'fastify';
import type { DeviceKind, ROLES } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import { AppError } from './app-error';
import type { UserRow } from './users';

/**
 * What the auth plugin gives every route: the guards on the instance and the caller on the
 * request. Declared here, below the plugins, so lib/'s route helpers (route-access.ts, actor.ts)
 * can use them without importing the plugin that provides them (plugins/auth.ts).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook: a valid access token, else 403 (the client then refreshes, docs/product.md §4).
     * Guards run in onRequest, before the body is read and validated: a stranger gets 403
     * whatever they send, never a 400 that describes the route, and we parse no body for them.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest after authenticate: `{user_id}` must be the caller's own id. */
    requireOwnUserId: (request: FastifyRequest) => Promise<void>;
    /** onRequest after authenticate: the caller has one of these roles, else 403. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    authUser: UserRow | null;
    /** The device the session was started on (web, ios, android). */
    authDevice: DeviceKind;
  }
}

export type Role = (typeof ROLES)[number];

/** The signed-in user of a route guarded by `authenticate`. */
export function getAuthUser(request: FastifyRequest): UserRow {
  if (!request.authUser) throw new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);
  return request.authUser;
}
