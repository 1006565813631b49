import type { HTTPMethods } from 'fastify';
import { z } from 'zod';
import { ErrorEnvelopeSchema, type DomainErrorCode } from '@karta/shared/schemas/common';

/** The statuses a refusal can have: lib/app-error.ts maps every error code to one of them. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/**
 * What a route's own rules refuse with, by status, each with the domain `code`s that answer may
 * carry (`[]` when it carries none). The refusals every route of its kind can give (a bad body,
 * a missing session, too many requests, the database away) are added by `refusalsOf`.
 */
export type Refusals = Partial<Record<RefusalStatus, readonly DomainErrorCode[]>>;

/** Headers a success answer carries besides those of every answer (see plugins/openapi-document). */
type AnswerHeader = 'Set-Cookie' | 'Content-Disposition';

/**
 * A request body the handler reads itself, so fastify must not validate it: multipart parts
 * (files and fields) or a webhook's raw bytes. It is written into the document only.
 */
export interface DocumentedBody {
  mediaType: 'multipart/form-data' | 'application/json';
  /** An OpenAPI 3.0 schema object: for multipart, one property per part. */
  schema: Record<string, unknown>;
  /** Per multipart part: its content types (e.g. the image types a photo may have). */
  encoding?: Record<string, { contentType: string }>;
  example?: unknown;
  /** The same request as JSON too (text only), for a route that reads either (withJsonBody). */
  json?: Record<string, unknown>;
}

/** What the document says about a route beyond its schemas: written by declareRoute. */
export interface RouteContract {
  /**
   * The route's name in every generated client: `camelCase`, a verb then a noun
   * (`createTrade`), unique and never changed once published (docs/api.md#versioning).
   */
  operationId: string;
  refuses?: Refusals;
  documentedBody?: DocumentedBody;
  answerHeaders?: AnswerHeader[];
  /** The success envelope's `message` when it is always the same: the document's example shows it. */
  answerMessage?: string;
  /** Headers its refusals may carry too (a dead refresh cookie is cleared as the refusal goes). */
  refusalHeaders?: AnswerHeader[];
  /**
   * A change that can send money away needs a fresh second factor on an account with two-step
   * sign-in (decision 061): `always` is checked after validation, before the handler; `in-handler`
   * is asked by the handler where its rule says (a withdrawal to a new account). Both document
   * the `X-Two-Factor-Code` header and the 401 `STEP_UP_REQUIRED`.
   */
  stepUp?: 'always' | 'in-handler';
  /**
   * A route on its way out (docs/api.md#versioning): the document marks it deprecated and every
   * answer carries `Deprecation` and `Sunset`, and `Link` to its successor when it has one
   * (lib/deprecation.ts). Days as YYYY-MM-DD; the sunset at least DEPRECATION_MIN_DAYS later.
   */
  deprecated?: Deprecation;
}

/** When a route was deprecated, when it stops answering, and the path that replaces it. */
export interface Deprecation {
  since: string;
  sunset: string;
  successor?: string;
}

/** How a route lets callers in, as far as what they may be refused is concerned. */
export type AccessKind = 'public' | 'signed-in' | 'own-account' | 'staff';

const HAS_BODY: HTTPMethods[] = ['POST', 'PATCH', 'PUT'];

/**
 * Every refusal a route can give: its own, plus those of its kind. Any API request can meet the
 * rate limit (429), an unexpected failure (500) or the database away (503); any request can be
 * malformed (400); a body can be too large (413) or of a type we do not read (415);
 * a guarded route answers 403 to a missing or expired session, another user's `{user_id}` or a
 * role it does not have (docs/api.md#errors).
 */
export function refusalsOf(route: {
  method: HTTPMethods;
  access: AccessKind;
  isApi: boolean;
  refuses?: Refusals | undefined;
  stepUp?: RouteContract['stepUp'];
}): Refusals {
  // The text guard refuses a malformed request line or header on any route (plugins/text-guard).
  const common: Refusals = { 400: [], 500: [] };
  if (route.isApi) Object.assign(common, { 429: [], 503: [] });
  if (HAS_BODY.includes(route.method)) Object.assign(common, { 413: [], 415: [] });
  if (route.access !== 'public') common[403] = [];
  // The console refuses staff without two-step sign-in under STAFF_TWO_FACTOR=required.
  if (route.access === 'staff') common[403] = ['TWO_FACTOR_REQUIRED'];
  if (route.stepUp) Object.assign(common, { 401: ['STEP_UP_REQUIRED'] });
  const merged: Refusals = { ...common };
  for (const [status, codes] of Object.entries(route.refuses ?? {}) as [
    `${RefusalStatus}`,
    readonly DomainErrorCode[],
  ][]) {
    const key = Number(status) as RefusalStatus;
    merged[key] = [...new Set([...(merged[key] ?? []), ...codes])];
  }
  return merged;
}

/** The fastify response schemas of the refusals: every one is the error envelope. */
export const refusalResponses = (refusals: Refusals) =>
  Object.fromEntries(Object.keys(refusals).map((status) => [status, ErrorEnvelopeSchema]));

/** The operation extension that carries a route's contract to plugins/openapi-document.ts. */
export const CONTRACT_EXTENSION = 'x-karta-contract';

/** What declareRoute leaves in the schema for the document (removed from the published one). */
export interface ContractExtension extends Omit<RouteContract, 'refuses'> {
  refuses: Refusals;
}

/** One multipart file part: its field name, how many files, of which types, how large each. */
interface FilePart {
  name: string;
  min: number;
  max: number;
  types: readonly string[];
  maxBytes: number;
}

const megabytes = (bytes: number) => `${String(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;

/**
 * A multipart body as the document shows it: the text fields from their zod schema (the very
 * one the handler validates them with) and each file part as `format: binary`, with its count,
 * types and size in words and in `encoding`. A part that takes several files is an array.
 */
const jsonSchemaOf = (schema: z.ZodObject) =>
  z.toJSONSchema(schema, {
    io: 'input',
    target: 'openapi-3.0',
    unrepresentable: 'any',
    metadata: z.registry<Record<string, unknown>>(),
  }) as { properties?: Record<string, unknown>; required?: string[] };

/** A multipart body that may come as JSON instead, with the same fields and no files. */
export const withJsonBody = (body: DocumentedBody, fields: z.ZodObject): DocumentedBody => ({
  ...body,
  json: jsonSchemaOf(fields),
});

export function multipartBody(parts: { fields?: z.ZodObject; files: FilePart[] }): DocumentedBody {
  const fields = parts.fields ? jsonSchemaOf(parts.fields) : {};
  const properties: Record<string, unknown> = { ...fields.properties };
  const required = [...(fields.required ?? [])];
  const encoding: Record<string, { contentType: string }> = {};
  for (const file of parts.files) {
    const binary = { type: 'string', format: 'binary' };
    const words = `${file.types.join(', ')}; at most ${megabytes(file.maxBytes)} each`;
    properties[file.name] =
      file.max === 1
        ? { ...binary, description: `One file: ${words}.` }
        : {
            type: 'array',
            items: binary,
            minItems: file.min,
            maxItems: file.max,
            description: `${String(file.min)} to ${String(file.max)} files, each a part named "${file.name}": ${words}.`,
          };
    if (file.min > 0) required.push(file.name);
    encoding[file.name] = { contentType: file.types.join(', ') };
  }
  return {
    mediaType: 'multipart/form-data',
    schema: { type: 'object', properties, ...(required.length && { required }) },
    encoding,
  };
}
