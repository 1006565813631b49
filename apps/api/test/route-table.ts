import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

export interface RouteEntry {
  method: string;
  /** As registered, with `:param` placeholders, e.g. `/api/v1/user/update_pin/:user_id`. */
  url: string;
  schema: RouteOptions['schema'];
  /** `GET /api/v1/app/config`: the key the allow-lists use. */
  key: string;
}

/**
 * Whether the route answers a Server-Sent Events stream (GET /api/v1/events, decision 069): a
 * stream that does not end, so a test reads its head and lets it go instead of waiting for it.
 */
export function isEventStream(route: RouteEntry): boolean {
  const ok = (
    route.schema?.response as Record<string, { content?: object } | undefined> | undefined
  )?.['200'];
  return ok?.content !== undefined && 'text/event-stream' in ok.content;
}

/**
 * Records every route buildApp registers (pass `onRoute` to createTestApp), so a test can walk
 * the real route table instead of a hand-kept list. HEAD twins of GET routes are left out.
 */
export function collectRoutes() {
  const routes: RouteEntry[] = [];
  const seen = new Set<string>();
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      // The prefixed `/` of a plugin registers `/x` and `/x/`: one route.
      const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
      const key = `${method} ${url}`;
      if (method === 'HEAD' || seen.has(key)) continue;
      seen.add(key);
      routes.push({ method, url, schema: route.schema, key });
    }
  };
  return { routes, onRoute };
}

/** The route's URL with each `:param` filled (a fresh uuid unless given) and any `*` as `x`. */
export function fillUrl(url: string, params: Record<string, string> = {}): string {
  return url
    .replace(/:(\w+)/g, (_match, name: string) => params[name] ?? randomUUID())
    .replace(/\*$/, 'x');
}

type JsonSchema = Record<string, unknown>;

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof (schema as { safeParse?: unknown } | undefined)?.safeParse === 'function';

function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  if (isZod(schema)) {
    return z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      metadata: z.registry<Record<string, unknown>>(),
    });
  }
  return schema as JsonSchema;
}

/** Strings a field of our schemas usually accepts; the first that fits the constraints wins. */
const STRING_CANDIDATES = [
  'Sunshine#2026',
  'someone@example.com',
  '0123456789',
  '01234567890',
  '123456',
  '1234',
  'USD',
  '#1a2b3c',
  '2026-01-01',
  'A note',
  'x',
];

function exampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'someone@example.com';
    case 'uuid':
      return randomUUID();
    case 'date':
      return '1990-01-01';
    case 'date-time':
      return new Date(0).toISOString();
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : undefined;
  const fits = (value: string) =>
    value.length >= min && value.length <= max && (!pattern || pattern.test(value));
  return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(min, 1));
}

/** A plausible value for a JSON schema: not guaranteed valid, but usually past validation. */
function exampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as JsonSchema[] | undefined;
  if (choices?.[0]) return exampleOf(choices[0]);
  const type = Array.isArray(schema.type) ? (schema.type[0] as string) : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, exampleOf(property)]),
      );
    }
    case 'array':
      return typeof schema.minItems === 'number' && schema.minItems > 0
        ? [exampleOf(schema.items as JsonSchema)]
        : [];
    case 'string':
      return exampleString(schema);
    case 'integer':
    case 'number': {
      const { minimum, exclusiveMinimum } = schema;
      if (typeof minimum === 'number') return Math.max(minimum, 1);
      return typeof exclusiveMinimum === 'number' ? Math.max(exclusiveMinimum + 1, 1) : 1;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** An example body and query string for a route, built from its schema. */
export function exampleRequest(route: RouteEntry): { body?: unknown; query: string } {
  const schema = route.schema;
  const body = exampleOf(toJsonSchema(schema?.body));
  const query = exampleOf(toJsonSchema(schema?.querystring)) as Record<string, unknown> | undefined;
  const search = new URLSearchParams(
    Object.entries(query ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return { body, query: search ? `?${search}` : '' };
}

/** A query string of the same fields, each far too long: refused by any validation. */
export function junkQuery(route: RouteEntry): string {
  const schema = toJsonSchema(route.schema?.querystring);
  const names = Object.keys(schema?.properties ?? {});
  const junk = 'x'.repeat(5_000);
  return names.length ? `?${names.map((name) => `${name}=${junk}`).join('&')}` : '';
}
