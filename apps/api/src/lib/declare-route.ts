import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TotpCodeSchema, TWO_FACTOR_CODE_HEADER } from '@karta/shared/schemas/two-factor';
import { deprecationHeaders } from './deprecation';
import type { RouteAccess } from './route-access';
import {
  CONTRACT_EXTENSION,
  refusalResponses,
  refusalsOf,
  type ContractExtension,
  type RouteContract,
} from './route-contract';

/** The instance a `FastifyPluginAsyncZod` plugin is given. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a route reads from the request: fastify validates each part before the handler runs. */
export interface RouteInput {
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
}

/** The request as the handler sees it: params, query, headers and body typed by their schemas. */
export type RequestOf<Input extends RouteInput> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  Input,
  ZodTypeProvider
>;

interface RouteDeclaration<Input extends RouteInput, Caller> extends RouteContract {
  method: HTTPMethods;
  url: string;
  tags: string[];
  access: RouteAccess<Caller>;
  summary: string;
  /** Only for a multipart route, whose handler reads the parts itself. */
  consumes?: string[];
  input?: Input;
  /** The success answer's schema by status (see `responses`); refusals are added from `refuses`. */
  response: Record<string | number, unknown>;
  handler: (request: RequestOf<Input>, reply: FastifyReply, caller: Caller) => Promise<unknown>;
  /** `warn` keeps a route's requests out of the log (the health probes, asked every few seconds). */
  logLevel?: 'warn';
}

const STEP_UP_HEADER = {
  [TWO_FACTOR_CODE_HEADER]: TotpCodeSchema.optional().meta({
    description:
      'The 6 digits the authenticator app shows now, when the account has two-step sign-in and this session has not stepped up in the last five minutes (docs/api.md).',
    example: '492039',
  }),
};

/** The route's input with the step-up header beside its own headers (an Idempotency-Key). */
function withStepUpHeader(input: RouteInput | undefined): RouteInput {
  const headers = input?.headers;
  if (headers !== undefined && !(headers instanceof z.ZodObject)) {
    throw new Error('a step-up route declares its headers as an object');
  }
  return { ...input, headers: headers ? headers.extend(STEP_UP_HEADER) : z.object(STEP_UP_HEADER) };
}

/**
 * Registers a route with its access: the guards run in onRequest, before the body is read (a
 * stranger gets 403 whatever they send), OpenAPI names the credential, and the handler is told
 * who is calling. `jsonRoutes` builds on it for the usual answer, data in the success envelope.
 */
export function declareRoute<Input extends RouteInput, Caller>(
  app: ZodApp,
  route: RouteDeclaration<Input, Caller>,
): void {
  const refuses = refusalsOf({
    method: route.method,
    access: route.access.kind,
    isApi: `${app.prefix}${route.url}`.startsWith('/api/'),
    refuses: route.refuses,
    stepUp: route.stepUp,
  });
  const input = route.stepUp ? withStepUpHeader(route.input) : route.input;
  const contract: ContractExtension = {
    operationId: route.operationId,
    refuses,
    ...(route.documentedBody && { documentedBody: route.documentedBody }),
    ...(route.answerHeaders && { answerHeaders: route.answerHeaders }),
    ...(route.refusalHeaders && { refusalHeaders: route.refusalHeaders }),
    ...(route.answerMessage && { answerMessage: route.answerMessage }),
    ...(route.deprecated && { deprecated: route.deprecated }),
  };
  // Typed loosely here and exactly in the handler: fastify has validated each part of the
  // request against these very schemas before the handler runs.
  const schema: FastifySchema & Record<string, unknown> = {
    operationId: route.operationId,
    tags: route.tags,
    security: route.access.security,
    summary: route.summary,
    ...(route.consumes && { consumes: route.consumes }),
    ...(route.deprecated && { deprecated: true }),
    ...input,
    response: { ...route.response, ...refusalResponses(refuses) },
    [CONTRACT_EXTENSION]: contract,
  };
  app.route({
    method: route.method,
    url: route.url,
    // A copy per route: a plugin's onRoute hook may append to the list it is given.
    onRequest: [...route.access.guards],
    // After validation, before the handler: a fresh second factor (decision 061).
    ...(route.stepUp === 'always' && {
      preHandler: (request: FastifyRequest) => app.requireStepUp(request),
    }),
    ...(route.deprecated && { onSend: deprecationHeaders(route.url, route.deprecated) }),
    ...(route.logLevel && { logLevel: route.logLevel }),
    schema,
    handler: (request, reply) =>
      route.handler(request as RequestOf<Input>, reply, route.access.callerOf(request)),
  });
}
