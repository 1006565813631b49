import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

type Schema = Record<string, unknown>;
interface DocumentedResponse {
  content?: Record<string, { schema?: Schema } | undefined>;
  /** A refusal's domain codes, exactly: an empty list means the answer carries no `code`. */
  'x-codes'?: string[];
  headers?: Record<string, unknown>;
}
interface Operation {
  responses?: Record<string, DocumentedResponse>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation | undefined> | undefined>;
}

/** The API's own routes: not its description, the development helpers or the web app. */
const isApiRoute = (url: string) =>
  url.startsWith('/api/v1/') || url === '/healthz' || url === '/readyz';

/**
 * OpenAPI 3.0 schema objects in the JSON Schema ajv reads: 3.0 writes an exclusive bound as
 * `minimum: 0, exclusiveMinimum: true`, JSON Schema as `exclusiveMinimum: 0`. (`nullable` ajv
 * knows.)
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const { minimum, exclusiveMinimum, maximum, exclusiveMaximum, ...rest } = value as Schema;
  const lower = exclusiveBound(minimum, exclusiveMinimum);
  const upper = exclusiveBound(maximum, exclusiveMaximum);
  const bounds = {
    minimum: lower.inclusive,
    exclusiveMinimum: lower.exclusive,
    maximum: upper.inclusive,
    exclusiveMaximum: upper.exclusive,
  };
  return Object.fromEntries(
    [...Object.entries(rest), ...Object.entries(bounds)]
      .filter(([, child]) => child !== undefined)
      .map(([key, child]) => [key, toJsonSchema(child)]),
  );
}

function exclusiveBound(bound: unknown, flag: unknown) {
  if (flag === true) return { inclusive: undefined, exclusive: bound };
  return { inclusive: bound, exclusive: typeof flag === 'boolean' ? undefined : flag };
}

/**
 * Headers a client reads: when an answer carries one, the document must say so for that status
 * (its name, case aside). X-Request-Id is on every answer, so the document must name it always.
 */
const READ_HEADERS = [
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'set-cookie',
  'content-disposition',
  'deprecation',
  'sunset',
  'link',
];

/** `image/webp; charset=…` against the documented `image/*`, `text/csv`, `application/json`. */
const mediaTypeMatches = (documented: string, actual: string) => {
  const [type = ''] = actual.split(';');
  const bare = type.trim().toLowerCase();
  if (documented === '*/*') return bare !== '';
  return documented.endsWith('/*')
    ? bare.startsWith(documented.slice(0, -1))
    : bare === documented.toLowerCase();
};

const bodyText = (payload: unknown): string | undefined => {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
};

/**
 * Checks every response the tests see against the OpenAPI document: its status must be
 * documented for the route (exactly, by range like 4XX, or as default) and a JSON body must
 * match that status's schema. Non-JSON bodies (images, SVG) are checked for their status only.
 * Test-only: createTestApp adds the onSend hook to each route through buildApp's onRoute option.
 */
export function createResponseContract() {
  let document: OpenApiDocument | undefined;
  const ajv = new Ajv({ strict: false, validateFormats: false });
  const validators = new Map<string, ValidateFunction>();
  const mismatches = new Map<string, number>();
  const report = (problem: string) => mismatches.set(problem, (mismatches.get(problem) ?? 0) + 1);

  function check(
    method: string,
    url: string,
    status: number,
    headers: Record<string, unknown>,
    body = '',
  ) {
    const type = headers['content-type'];
    const contentType = typeof type === 'string' ? type : '';
    if (!document) return;
    const where = `${method} ${url} → ${String(status)}`;
    const operation = document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    if (!operation?.responses) return report(`${where}: the route is not in the document`);
    const key = [String(status), `${String(status).charAt(0)}XX`, 'default'].find(
      (candidate) => operation.responses?.[candidate],
    );
    if (!key) return report(`${where}: status not documented`);
    const documented = operation.responses[key] ?? {};
    const namedHeaders = Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase());
    for (const name of READ_HEADERS) {
      if (headers[name] !== undefined && !namedHeaders.includes(name))
        report(`${where}: header ${name} not documented`);
    }
    if (headers['x-request-id'] === undefined) report(`${where}: no X-Request-Id`);
    if (body === '') return;
    const mediaTypes = Object.keys(documented.content ?? {});
    if (!mediaTypes.some((type) => mediaTypeMatches(type, contentType)))
      return report(
        `${where}: ${contentType || 'no content type'} not documented (${mediaTypes.join(', ')})`,
      );
    if (!contentType.includes('json')) return;
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return report(`${where}: a JSON body, documented as ${key} without one`);
    const id = `${method} ${url} ${key}`;
    let validate = validators.get(id);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as Schema);
      validators.set(id, validate);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return report(`${where}: the body is not JSON`);
    }
    if (!validate(parsed)) {
      const [error] = validate.errors ?? [];
      report(`${where}: ${error?.instancePath || '(body)'} ${error?.message ?? 'does not match'}`);
    }
    // A refusal carries exactly the codes its status lists: none when the list is empty.
    const codes = documented['x-codes'];
    const code = (parsed as { code?: unknown } | null)?.code;
    if (codes && typeof code === 'string' && !codes.includes(code))
      report(`${where}: code ${code} not documented (${codes.join(', ') || 'none'})`);
  }

  const onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url;
    if (request.method !== 'HEAD' && url && isApiRoute(url)) {
      check(request.method, url, reply.statusCode, reply.getHeaders(), bodyText(payload));
    }
    return Promise.resolve(payload);
  };

  return {
    /** For buildApp's onRoute: adds the check to the route's onSend hooks. */
    onRoute: (route: RouteOptions) => {
      route.onSend = [...[route.onSend ?? []].flat(), onSend];
    },
    /** Call once the app is ready, with `app.swagger()`. */
    async load(openApi: unknown) {
      const copy = structuredClone(openApi) as Parameters<typeof SwaggerParser.dereference>[0];
      document = (await SwaggerParser.dereference(copy)) as unknown as OpenApiDocument;
    },
    /** Every mismatch seen, once each, with how many responses showed it. */
    mismatches: () => [...mismatches].map(([problem, count]) => `${problem} (×${String(count)})`),
  };
}
