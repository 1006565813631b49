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
    /**
     * onRequest after the role check of a console route: with STAFF_TWO_FACTOR=required, an
     * operator or admin without two-step sign-in is refused (403 `TWO_FACTOR_REQUIRED`).
     */
    requireStaffTwoFactor: (request: FastifyRequest) => Promise<void>;
    /**
     * A fresh second factor, for a change that can send money away (decision 061): nothing for
     * an account without two-step sign-in; else the session stepped up in the last five minutes
     * or a code in `X-Two-Factor-Code`, or 401 `STEP_UP_REQUIRED`. A route that always needs it
     * declares `stepUp: 'always'`; one whose rule depends on the request calls this itself.
     */
    requireStepUp: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    authUser: UserRow | null;
    /** The device the session was started on (web, ios, android). */
    authDevice: DeviceKind;
    /** The sign-in (refresh-token family) the access token belongs to; null in older tokens. */
    authSessionId: string | null;
  }
}

export type Role = (typeof ROLES)[number];

/** The signed-in user of a route guarded by `authenticate`. */
export function getAuthUser(request: FastifyRequest): UserRow {
  if (!request.authUser) throw new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);
  return request.authUser;
}
