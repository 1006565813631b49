import type { FastifyRequest } from 'fastify';
import { getAuthUser } from './auth-user';
import type { Actor } from './audit-log';

/** The signed-in operator and their address, as the audit log records them. */
export const actorOf = (request: FastifyRequest): Actor => ({
  userId: getAuthUser(request).id,
  ip: request.ip,
});
