import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DeviceKind, ROLES } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import { AppError } from '../lib/app-error';
import type { UserRow } from '../lib/users';
import { authenticateAccessToken } from '../features/sessions/sessions.service';

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

type Role = (typeof ROLES)[number];

/** The spec sends the raw token; `Bearer <token>` is accepted for other clients. */
export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
}

export const authPlugin = fp((app: FastifyInstance) => {
  app.decorateRequest('authUser', null);
  app.decorateRequest('authDevice', 'web');

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = readAccessToken(request);
    if (!token) throw new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);
    const { user, device } = await authenticateAccessToken(app.ctx, token);
    request.authUser = user;
    request.authDevice = device;
  });

  app.decorate('requireOwnUserId', (request: FastifyRequest) => {
    const { user_id: userId } = request.params as { user_id?: string };
    if (!request.authUser || userId !== request.authUser.id) {
      return Promise.reject(new AppError('FORBIDDEN', 'You can only act on your own account.'));
    }
    return Promise.resolve();
  });

  app.decorate('requireRole', (...roles: Role[]) => (request: FastifyRequest) => {
    if (!request.authUser || !roles.includes(request.authUser.role)) {
      const needed = roles.includes('operator') ? 'an operator' : 'an admin';
      return Promise.reject(new AppError('FORBIDDEN', `This needs ${needed} account.`));
    }
    return Promise.resolve();
  });
});

/** The signed-in user of a route guarded by `authenticate`. */
export function getAuthUser(request: FastifyRequest): UserRow {
  if (!request.authUser) throw new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);
  return request.authUser;
}
