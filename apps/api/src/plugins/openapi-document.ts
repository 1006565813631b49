import { DOMAIN_ERROR_DESCRIPTIONS } from '@karta/shared/schemas/common';
import {
  CONTRACT_EXTENSION,
  type ContractExtension,
  type RefusalStatus,
} from '../lib/route-contract';
import { exampleOf, type Schema } from './openapi-examples';

/** The parts of an OpenAPI 3.0 document this file writes. */
interface MediaType {
  schema?: Schema;
  example?: unknown;
  encoding?: Record<string, { contentType: string }>;
}
interface Response {
  description: string;
  /** A refusal's domain codes, exactly (none: it carries no `code`); the contract test reads it. */
  'x-codes'?: string[];
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  deprecated?: boolean;
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response | { $ref: string }>;
  [CONTRACT_EXTENSION]?: ContractExtension;
}
export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas?: Record<string, Schema>;
    headers?: Record<string, unknown>;
    responses?: Record<string, Response>;
  } & Record<string, unknown>;
}

/** What each refusal means to a client (docs/api.md#errors), before the codes it may carry. */
const REFUSAL_MEANING: Record<RefusalStatus, string> = {
  400: 'The request is not valid: `errors[]` names each field and what is wrong with it.',
  401: 'A password, code or PIN is wrong, or a webhook signature does not match.',
  403: 'No session or an expired one (refresh it and try again), another user’s account, or a role this needs.',
  404: 'Not found, or not the caller’s: another user’s record answers the same.',
  409: 'In conflict with the record as it is now; nothing changed.',
  413: 'The body or an upload is larger than this route takes.',
  415: 'A content type this route does not read.',
  429: 'Too many requests, or too many wrong tries: wait `Retry-After` seconds.',
  500: 'Something failed on our side and nothing was half done: try again.',
  503: 'The database, the photo storage or a provider is briefly away and nothing changed: retry after `Retry-After` seconds.',
};

/** The shared responses of refusals that carry no code, by status. */
const SHARED_REFUSALS: Record<RefusalStatus, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'Unavailable',
};

const header = (description: string, schema: Schema) => ({ description, schema });

/** Headers answers carry, defined once and referred to by each response. */
const HEADERS = {
  'X-Request-Id': header(
    'The request’s id, in our logs too: quote it to support. A client may send its own.',
    { type: 'string', example: 'req-7c1d2e' },
  ),
  'X-RateLimit-Limit': header('Requests allowed per minute from this address.', {
    type: 'integer',
    example: 300,
  }),
  'X-RateLimit-Remaining': header('Requests left in the current minute.', {
    type: 'integer',
    example: 297,
  }),
  'X-RateLimit-Reset': header('Seconds until the minute’s count starts again.', {
    type: 'integer',
    example: 41,
  }),
  'Retry-After': header('Seconds to wait before trying again.', { type: 'integer', example: 5 }),
  'Set-Cookie': header(
    'Sets the refresh token (HttpOnly, SameSite=Strict; `__Host-karta_refresh` over HTTPS, `karta_refresh` over HTTP), or clears it when the session ends. Apps keep it like any cookie and send it back to refresh.',
    { type: 'string', example: 'karta_refresh=…; Path=/api/v1/user/refresh_token; HttpOnly' },
  ),
  'Content-Disposition': header('A file: its name, as an attachment (or `inline` for an image).', {
    type: 'string',
    example: 'attachment; filename="karta-statement-2026-10.csv"',
  }),
  Deprecation: header('When this operation was deprecated (RFC 9745: `@` and a Unix time).', {
    type: 'string',
    example: '@1798761600',
  }),
  Sunset: header('When this operation stops answering (RFC 8594, an HTTP date).', {
    type: 'string',
    example: 'Sat, 01 Jan 2028 00:00:00 GMT',
  }),
  Link: header('The operation that replaces this one: `<path>; rel="successor-version"`.', {
    type: 'string',
    example: '</api/v1/trade/fetch_trade/{user_id}>; rel="successor-version"',
  }),
} as const;
type HeaderName = keyof typeof HEADERS;

const ref = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
const headersOf = (names: HeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, ref(name)]));

const RATE_LIMIT_HEADERS: HeaderName[] = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** What the document says about Karta itself (the tags' descriptions and the servers). */
export interface DocumentSetting {
  publicUrl: string;
  tags: Record<string, string>;
}

const isApiPath = (path: string) => path.startsWith('/api/');

/** The error envelope of one refusal, with the `code`s it may carry when there are any. */
function refusalResponse(status: RefusalStatus, codes: readonly string[], path: string): Response {
  const carried = codes.length
    ? ` Carries \`code\`: ${codes
        .map(
          (code) =>
            `${code} (${DOMAIN_ERROR_DESCRIPTIONS[code as keyof typeof DOMAIN_ERROR_DESCRIPTIONS]})`,
        )
        .join('; ')}.`
    : '';
  const envelope = { $ref: '#/components/schemas/ErrorEnvelope' };
  const schema = codes.length
    ? {
        allOf: [
          envelope,
          { type: 'object', properties: { code: { type: 'string', enum: [...codes] } } },
        ],
      }
    : envelope;
  const names: HeaderName[] = ['X-Request-Id'];
  if (isApiPath(path)) names.push(...RATE_LIMIT_HEADERS);
  if (status === 429 || status === 503) names.push('Retry-After');
  return {
    description: REFUSAL_MEANING[status] + carried,
    'x-codes': [...codes],
    headers: headersOf(names),
    content: { 'application/json': { schema, example: exampleRefusal(status, codes) } },
  };
}

function exampleRefusal(status: RefusalStatus, codes: readonly string[]) {
  const message = REFUSAL_MEANING[status].split(':')[0] ?? 'Refused';
  return {
    status: 'error',
    message,
    ...(codes[0] && { code: codes[0] }),
    errors: [{ field: status === 400 ? 'amount' : null, message }],
  };
}

/** Fills each success media type's example from its schema when the route gave none. */
function withExamples(content: Record<string, MediaType> | undefined, document: OpenApiDocument) {
  for (const media of Object.values(content ?? {})) {
    if (media.example !== undefined || !media.schema) continue;
    const schema = media.schema;
    if (schema.format === 'binary') continue;
    media.example = exampleOf(schema, document.components.schemas ?? {});
  }
}

function finishOperation(path: string, operation: Operation, document: OpenApiDocument) {
  const { [CONTRACT_EXTENSION]: contract } = operation;
  Reflect.deleteProperty(operation, CONTRACT_EXTENSION);
  operation.security ??= [];
  if (contract?.documentedBody) {
    const { mediaType, schema, encoding, example, json } = contract.documentedBody;
    operation.requestBody = {
      required: true,
      content: {
        ...(json && { 'application/json': { schema: json } }),
        [mediaType]: {
          schema,
          ...(encoding && { encoding }),
          ...(example !== undefined && { example }),
        },
      },
    };
  }
  if (operation.requestBody) withExamples(operation.requestBody.content, document);
  // Every answer of a deprecated operation says so (lib/deprecation.ts).
  const deprecation: HeaderName[] = contract?.deprecated
    ? ['Deprecation', 'Sunset', ...(contract.deprecated.successor ? (['Link'] as const) : [])]
    : [];
  for (const [status, response] of Object.entries(operation.responses)) {
    if (Number(status) >= 400) {
      const refusalStatus = Number(status) as RefusalStatus;
      const codes = contract?.refuses[refusalStatus] ?? [];
      const extra = [...(contract?.refusalHeaders ?? []), ...deprecation];
      // The usual refusal (no code, the usual headers) is one shared response, named once.
      if (codes.length === 0 && extra.length === 0 && isApiPath(path)) {
        const name = SHARED_REFUSALS[refusalStatus];
        document.components.responses ??= {};
        document.components.responses[name] ??= refusalResponse(refusalStatus, [], path);
        operation.responses[status] = { $ref: `#/components/responses/${name}` };
        continue;
      }
      const refusal = refusalResponse(refusalStatus, codes, path);
      refusal.headers = { ...refusal.headers, ...headersOf(extra) };
      operation.responses[status] = refusal;
      continue;
    }
    // @fastify/swagger writes answers inline; only the shared refusals above are references.
    if ('$ref' in response) continue;
    const names: HeaderName[] = ['X-Request-Id'];
    if (isApiPath(path)) names.push(...RATE_LIMIT_HEADERS);
    names.push(...(contract?.answerHeaders ?? []), ...deprecation);
    response.headers = { ...response.headers, ...headersOf(names) };
    if (response.description === 'Default Response') response.description = 'Done';
    withExamples(response.content, document);
    const example = response.content?.['application/json']?.example;
    if (contract?.answerMessage && example && typeof example === 'object' && 'message' in example)
      (example as { message: string }).message = contract.answerMessage;
  }
}

/**
 * Answers may gain fields within /api/v1 (docs/api.md#versioning), so the document never says
 * an object has no others: a client generated from it must not fail on a new field. (The
 * server still sends only declared fields: lib/response-serializer.ts.)
 */
function allowNewFields(value: unknown) {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach(allowNewFields);
    return;
  }
  const schema = value as Record<string, unknown>;
  if (schema.additionalProperties === false) Reflect.deleteProperty(schema, 'additionalProperties');
  Object.values(schema).forEach(allowNewFields);
}

/** Drops component schemas nothing refers to (zod's registry writes an input and an output twin). */
function pruneUnusedSchemas(document: OpenApiDocument) {
  const schemas = document.components.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const name = child.replace('#/components/schemas/', '');
        if (!used.has(name) && schemas[name]) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(document.paths);
  document.components.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => used.has(name)),
  );
}

/**
 * The document as published: @fastify/swagger's, from the routes' zod schemas, finished with
 * what declareRoute wrote beside them (lib/route-contract.ts): every refusal with its `code`s,
 * the headers every answer carries, bodies the handlers read themselves (multipart, webhooks),
 * examples, servers and the tags' descriptions. docs/api.md is its reader's guide.
 */
export function finishDocument(
  document: OpenApiDocument,
  setting: DocumentSetting,
): OpenApiDocument {
  // A variable, so the build's document (made without a running server) names no host of its
  // own: the apps set where their Karta is; this server's PUBLIC_URL is the default.
  document.servers = [
    {
      url: '{origin}',
      description:
        'A Karta server: its PUBLIC_URL (https://… in production, http://localhost:3000 from `npm start`)',
      variables: { origin: { default: setting.publicUrl } },
    } as { url: string; description: string },
  ];
  const used = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item)) {
      finishOperation(path, operation, document);
      for (const tag of (operation as { tags?: string[] }).tags ?? []) used.add(tag);
    }
  }
  document.tags = [...used]
    .sort()
    .map((name) => ({ name, description: setting.tags[name] ?? name }));
  pruneUnusedSchemas(document);
  allowNewFields(document.paths);
  allowNewFields(document.components.schemas);
  const refersTo = JSON.stringify(document.paths);
  document.components.headers = Object.fromEntries(
    Object.entries(HEADERS).filter(([name]) => refersTo.includes(`#/components/headers/${name}"`)),
  );
  return document;
}
