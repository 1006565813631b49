import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/** Keywords a nullable plain value may carry and still be written as `type: [X, 'null']`. */
const PLAIN_KEYWORDS = new Set([
  'type',
  'enum',
  'format',
  'description',
  'title',
  'minimum',
  'maximum',
]);

const isNullOnly = (schema: unknown) =>
  typeof schema === 'object' &&
  schema !== null &&
  Object.keys(schema).length === 1 &&
  (schema as JsonSchema).type === 'null';

/** `anyOf: [X, null]` of a plain string, number or boolean, as one type array (no union). */
function asNullableType(anyOf: unknown[]): JsonSchema | undefined {
  if (anyOf.length !== 2) return undefined;
  const [first, second] = anyOf;
  const value = (isNullOnly(second) ? first : isNullOnly(first) ? second : undefined) as
    JsonSchema | undefined;
  if (!value || typeof value.type !== 'string' || value.type === 'object' || value.type === 'array')
    return undefined;
  if (!Object.keys(value).every((key) => PLAIN_KEYWORDS.has(key))) return undefined;
  return {
    ...value,
    type: [value.type, 'null'],
    ...(Array.isArray(value.enum) && { enum: [...(value.enum as unknown[]), null] }),
  };
}

/**
 * zod's JSON Schema of an answer, for fast-json-stringify. Two changes, neither of which lets
 * more through: `additionalProperties: false` is dropped, because fast-json-stringify writes
 * only the declared properties anyway, while the check it makes to pick a union's branch would
 * otherwise refuse an object with extra fields that zod strips (so a union route's answer would
 * fail); and a nullable plain value becomes a type array instead of a union.
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (typeof node !== 'object' || node === null) return node;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    result[key] = forSerializer(value);
  }
  const nullable = Array.isArray(result.anyOf) ? asNullableType(result.anyOf) : undefined;
  if (!nullable) return result;
  delete result.anyOf;
  return { ...result, ...nullable };
}

const NO_METADATA = z.registry<Record<string, unknown>>();

/** The compiled writer of one answer's schema; undefined when zod cannot describe it in JSON. */
function compileFast(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    // Without the API document's named components (plugins/openapi-components.ts): inline.
    const json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      metadata: NO_METADATA,
    });
    return fastJson(forSerializer(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/**
 * Every route's answers are written by fast-json-stringify from the JSON Schema of their zod
 * schema, compiled once per route (decision 047: zod's validation of each answer before
 * JSON.stringify was the biggest serialising cost, ~60 µs of a trade page). As with zod, only
 * the fields the schema declares are written: an unknown field of a service's result is never
 * sent (response-serializer.test.ts). A schema zod cannot write as JSON Schema (a transform, a
 * custom type) keeps zod's own serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<RouteSchema['schema']> = (
  route,
) => {
  // Every route answers its refusals with the one error envelope schema: compiled once.
  const cached = compiled.get(route.schema);
  if (cached) return cached;
  const writer = compileFast(route.schema) ?? zodSerializerCompiler(route);
  if (route.schema instanceof z.ZodType) compiled.set(route.schema, writer);
  return writer;
};

const compiled = new WeakMap<object, (data: unknown) => string>();
