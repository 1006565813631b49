import type { FastifyReply, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { successEnvelope } from '@karta/shared/schemas/common';
import { declareRoute, type RequestOf, type RouteInput, type ZodApp } from './declare-route';
import { responses, success } from './http';
import { adminAccess, operatorAccess, type RouteAccess } from './route-access';
import type { RouteContract } from './route-contract';

interface JsonRoute<
  Data extends z.ZodType,
  Input extends RouteInput,
  Caller,
> extends RouteContract {
  summary: string;
  input?: Input;
  /** Only for a multipart route, whose handler reads the parts itself. */
  consumes?: string[];
  /** The schema of the envelope's `data`. */
  answers: Data;
  /** 201 for a route that creates something; 200 otherwise. */
  status?: 201;
  /** The envelope's message; a function when the words depend on what was found. */
  message: string | ((data: z.output<Data>) => string);
  /** Returns the data; the reply is there for a cookie to set or clear. */
  handle: (
    request: RequestOf<Input>,
    caller: Caller,
    reply: FastifyReply,
  ) => Promise<z.output<Data>>;
}

type AddRoute<Caller> = <Data extends z.ZodType, Input extends RouteInput = RouteInput>(
  url: string,
  route: JsonRoute<Data, Input, Caller>,
) => void;

/**
 * The usual route of a group (one tag, one access): it answers its data in the success envelope
 * with a message, or the error envelope. A route whose answer has another shape (a session, a
 * file) uses `declareRoute` or fastify's own declaration.
 */
export function jsonRoutes<Caller>(
  app: ZodApp,
  group: { tags: string[]; access: RouteAccess<Caller> },
) {
  const add =
    (method: HTTPMethods): AddRoute<Caller> =>
    <Data extends z.ZodType, Input extends RouteInput>(
      url: string,
      route: JsonRoute<Data, Input, Caller>,
    ) => {
      const status = route.status ?? 200;
      // `declared` carries the summary, input and contract (and `status`, which it ignores).
      const { answers, message, handle, ...declared } = route;
      declareRoute(app, {
        method,
        url,
        ...group,
        ...declared,
        ...(typeof message === 'string' && { answerMessage: message }),
        response: responses(successEnvelope(answers), status),
        handler: async (request: RequestOf<Input>, reply, caller) => {
          const data = await handle(request, caller, reply);
          const words = typeof message === 'string' ? message : message(data);
          return reply.code(status).send(success(words, data));
        },
      });
    };
  return { get: add('GET'), post: add('POST'), patch: add('PATCH') };
}

/**
 * A console desk's routes: `route` for operators and admins, `adminRoute` for what only an
 * admin may do (docs/ARCHITECTURE.md#the-operator-console), both under one OpenAPI tag.
 */
export const staffRoutes = (app: ZodApp, tag: string) => ({
  route: jsonRoutes(app, { tags: [tag], access: operatorAccess(app) }),
  adminRoute: jsonRoutes(app, { tags: [tag], access: adminAccess(app) }),
});
