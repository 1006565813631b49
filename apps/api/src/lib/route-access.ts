import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getAuthUser } from './auth-user';
import { actorOf } from './actor';
import type { Actor } from './audit-log';
import type { AccessKind } from './route-contract';
import type { UserRow } from './users';

/**
 * Who may call a route: the onRequest guards that let them in, the credential OpenAPI names for
 * it, and who the handler is told the caller is.
 */
export interface RouteAccess<Caller> {
  guards: ((request: FastifyRequest) => Promise<void>)[];
  /** What the caller may be refused for who they are (lib/route-contract.ts). */
  kind: AccessKind;
  /** The credential the document names: `[]` for a public route (it needs none). */
  security: Record<string, string[]>[];
  callerOf: (request: FastifyRequest) => Caller;
}

const ACCESS_TOKEN = [{ accessToken: [] }];

/** Anyone: the route proves the caller itself (a password, a mailed code) or needs no proof. */
export const publicAccess: RouteAccess<undefined> = {
  guards: [],
  kind: 'public',
  security: [],
  callerOf: () => undefined,
};

/** Any signed-in user; the handler gets their account. */
export const signedInAccess = (app: FastifyInstance): RouteAccess<UserRow> => ({
  guards: [app.authenticate],
  kind: 'signed-in',
  security: ACCESS_TOKEN,
  callerOf: getAuthUser,
});

/** A signed-in user acting on their own `{user_id}`; the handler gets their account. */
export const ownAccountAccess = (app: FastifyInstance): RouteAccess<UserRow> => ({
  guards: [app.authenticate, app.requireOwnUserId],
  kind: 'own-account',
  security: ACCESS_TOKEN,
  callerOf: getAuthUser,
});

/**
 * An operator or an admin, with two-step sign-in on when STAFF_TWO_FACTOR=required (their own
 * setup routes are under /user, so they can always turn it on); the handler gets the actor
 * that its audit entry records.
 */
export const operatorAccess = (app: FastifyInstance): RouteAccess<Actor> => ({
  guards: [app.authenticate, app.requireRole('operator', 'admin'), app.requireStaffTwoFactor],
  kind: 'staff',
  security: ACCESS_TOKEN,
  callerOf: actorOf,
});

/**
 * An admin only. The operator guard still runs first, so a seller is told this is the operator
 * console (as on every console route) and an operator that it needs an admin.
 */
export const adminAccess = (app: FastifyInstance): RouteAccess<Actor> => ({
  guards: [...operatorAccess(app).guards, app.requireRole('admin')],
  kind: 'staff',
  security: ACCESS_TOKEN,
  callerOf: actorOf,
});
