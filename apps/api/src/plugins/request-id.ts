import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

/** Letters, digits and `._:-`, at most 64: safe to echo in a header and to write in a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id (Fastify's `genReqId`): a load balancer's or client's `X-Request-Id` when it
 * is sane, so one id follows the request across hops; else a fresh uuid.
 */
export function requestIdFor(raw: IncomingMessage): string {
  const incoming = raw.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The id of the request whose handling is running now, for log lines not made by its logger. */
const currentRequestId = new AsyncLocalStorage<string>();
/** Fastify's per-request loggers: they carry `reqId` already, as a binding. */
const requestLoggers = new WeakSet<object>();

/**
 * Fastify's `childLoggerFactory`, unchanged but for remembering the request loggers it makes, so
 * the mixin below does not write `reqId` a second time into their lines.
 */
export const rememberRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const child = logger.child(bindings, options);
  requestLoggers.add(child);
  return child;
};

/**
 * A pino mixin: a line written through the app's logger (a service's `ctx.log`, the error
 * handler's once-per-burst warnings) while a request is handled carries that request's id.
 */
export function requestIdOfLine(_fields: object, _level: number, logger: object): object {
  if (requestLoggers.has(logger)) return {};
  const id = currentRequestId.getStore();
  return id === undefined ? {} : { reqId: id };
}

/**
 * Every response says its request's id in `X-Request-Id` (set first thing, so 404s, errors and
 * rate-limited answers have it too), and the rest of the request runs with the id in scope.
 */
export const requestIdPlugin = fp((app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    // What follows (body, validation, handler, the answer) runs inside this scope: a body that
    // arrives later on the socket's events keeps it too (the test sends one in two parts).
    currentRequestId.run(request.id, done);
  });
});
