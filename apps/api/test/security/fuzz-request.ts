import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import {
  asText,
  headerValue,
  multipartBody,
  percentEncode,
  queryString,
  Raw,
  toJson,
} from './wire-format';
import { heicOverlay } from '../pixel-bombs';

type Method = NonNullable<InjectOptions['method']>;

/**
 * Turns a generated input and a mutation into the bytes of one request. A mutation is a small
 * record (kind, where, which leaf, which variant), so a failing case prints in a line even
 * when the body it stands for is a megabyte of text or 10,000 nested arrays.
 */

export type Part = 'params' | 'query' | 'headers' | 'body';
export interface FuzzInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
}
export interface FuzzRoute {
  method: Method;
  url: string;
  parts: Part[];
  /** Multipart routes: the file part's field (their text fields are the body). */
  fileField?: string;
}
export interface FileSample {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A 3 kB HEIC that decodes to 10000 × 10000 (400 MB): refused before it is decoded. */
const PIXEL_BOMB: FileSample = {
  name: 'IMG_0001.HEIC',
  type: 'image/heic',
  bytes: heicOverlay(10_000, 10_000),
};

const VALUE_KINDS = [
  'nul',
  'huge-string',
  'unicode',
  'float-noise',
  'edge-number',
  'wrong-type',
  'deep-nesting',
  'drop-field',
] as const;
const BODY_KINDS = [
  'array-for-object',
  'duplicate-keys',
  'proto-key',
  'content-type',
  'empty-body',
] as const;
export type Kind =
  'none' | (typeof VALUE_KINDS)[number] | (typeof BODY_KINDS)[number] | 'truncated' | 'pixel-bomb';
export interface Mutation {
  kind: Kind;
  part: Part;
  leaf: number;
  variant: number;
}

/**
 * Every mutation kind in every place the route reads, each with its share of runs: unmutated
 * valid-ish cases reach furthest into the services; every odd number, odd character and NUL
 * position is tried in bodies and queries; multipart routes are cut off a few times.
 */
export interface PlanEntry {
  kind: Kind;
  part: Part;
  runs: number;
  /** Also run each variant of the kind once, in order, each on the next field (bodies and queries). */
  sweep?: number;
}

export function mutationPlan(route: FuzzRoute): PlanEntry[] {
  const main = route.parts.includes('body') ? 'body' : (route.parts[0] ?? 'query');
  const sweepOf = (kind: Kind, part: Part) => {
    if (part !== 'body' && part !== 'query') return undefined;
    // NUL into each of the first eight text fields, as PostgreSQL refuses it in any of them.
    if (kind === 'nul') return 8;
    if (kind === 'unicode') return UNICODE.length;
    if (kind === 'float-noise') return FLOAT_NOISE.length;
    if (kind === 'edge-number') return (part === 'body' ? EDGE_NUMBERS : EDGE_NUMBER_TEXTS).length;
    return undefined;
  };
  return [
    { kind: 'none', part: main, runs: 4 },
    ...route.parts.flatMap((part) =>
      VALUE_KINDS.map((kind): PlanEntry => {
        const sweep = sweepOf(kind, part);
        return { kind, part, runs: 1, ...(sweep ? { sweep } : {}) };
      }),
    ),
    ...(route.parts.includes('body')
      ? BODY_KINDS.map((kind): PlanEntry => ({ kind, part: 'body', runs: 1 }))
      : []),
    ...(route.fileField
      ? [
          { kind: 'truncated' as const, part: 'body' as const, runs: 3 },
          { kind: 'pixel-bomb' as const, part: 'body' as const, runs: 1 },
        ]
      : []),
  ];
}

export const mutationArbitrary = (kind: Kind, part: Part): fc.Arbitrary<Mutation> =>
  fc.record({
    kind: fc.constant(kind),
    part: fc.constant(part),
    leaf: fc.nat(64),
    variant: fc.nat(1_000_000),
  });

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

const UNICODE = [
  '🎁💳',
  '\u202Eevil\u202C',
  '\uD800',
  'a\uDFFFb',
  '\uFEFF',
  '１２３４',
  'e\u0301',
  '\u200B',
  'مرحبا',
  '𝕏'.repeat(40),
  '\u2028\u2029',
];
/** Doubles that print with more than two decimals (most pass a multipleOf(0.01) check), and 4.35, which naive ×100 gets wrong. */
const FLOAT_NOISE = [
  1000.3000000000001, 0.30000000000000004, 100.00000000000001, 2500.0000000000005,
  12345.670000000002, 4.35, 1e-7,
];
const EDGE_NUMBERS = [
  1e308,
  -1,
  0,
  new Raw('-0'),
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 64,
  5e-324,
  -1e308,
  new Raw('1e999'),
  new Raw('-1e999'),
  1.5,
];
const EDGE_NUMBER_TEXTS = [
  '1e308',
  '-1',
  '9007199254740993',
  'Infinity',
  'NaN',
  '0x10',
  ' 1',
  '1_000',
  '١٢٣',
  '-0',
  '1e999',
];
const WRONG_TYPES = (original: unknown): unknown[] => [
  123,
  true,
  null,
  [],
  {},
  'text',
  [original],
  { value: original },
  0,
  '',
];
const DEPTH = 10_000;
const deepArray = new Raw(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
const deepObject = new Raw(`${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`);
/** Bodies get a megabyte; a URL or a header gets what an HTTP server lets through (≈16 kB). */
const hugeText = (part: Part, variant: number) =>
  part === 'body'
    ? pick(['a'.repeat(1_000_000), '€'.repeat(350_000), '🎁'.repeat(250_000)], variant)
    : pick(['a'.repeat(8_000), '€'.repeat(2_500)], variant);

type Path = (string | number)[];
/** Every node below the root, parents before children. */
function nodesOf(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...path, key], ...nodesOf(child, [...path, key])]);
}
function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown>)[key],
    value,
  );
}
function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path as [string | number, ...Path];
  const child = (value as Record<string | number, unknown>)[key];
  const replaced = rest.length === 0 ? next : setAt(child, rest, next);
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    copy.splice(Number(key), 1, ...(replaced === DROP ? [] : [replaced]));
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as object), [String(key)]: replaced };
  return Object.fromEntries(Object.entries(copy).filter(([, item]) => item !== DROP));
}
const DROP = Symbol('drop');

const isNumericText = (value: unknown) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
/** Number kinds go to numbers (else to digits in text) and text kinds to text; the rest anywhere. */
function targetsOf(kind: Kind, part: Part, value: unknown): Path[] {
  // The whole body may be of the wrong type or nested 10,000 deep too.
  const isWhole = part === 'body' && (kind === 'wrong-type' || kind === 'deep-nesting');
  const nodes = isWhole ? [[], ...nodesOf(value)] : nodesOf(value);
  const preferences: ((item: unknown) => boolean)[] =
    kind === 'float-noise' || kind === 'edge-number'
      ? [(item) => typeof item === 'number', isNumericText]
      : kind === 'nul' || kind === 'unicode' || kind === 'huge-string'
        ? [(item) => typeof item === 'string']
        : [];
  for (const wanted of preferences) {
    const chosen = nodes.filter((path) => wanted(getAt(value, path)));
    if (chosen.length > 0) return chosen;
  }
  return nodes;
}

function mutatedValue(kind: Kind, part: Part, original: unknown, variant: number): unknown {
  switch (kind) {
    case 'nul': {
      const text = typeof original === 'string' ? original : String(original);
      const at = variant % (text.length + 1);
      return `${text.slice(0, at)}\u0000${text.slice(at)}`;
    }
    case 'huge-string':
      return hugeText(part, variant);
    case 'unicode': {
      const text = pick(UNICODE, variant);
      return variant % 2 === 0 || typeof original !== 'string' ? text : `${original}${text}`;
    }
    case 'float-noise': {
      const noise = pick(FLOAT_NOISE, variant);
      return part === 'body' ? noise : String(noise);
    }
    case 'edge-number':
      return part === 'body' ? pick(EDGE_NUMBERS, variant) : pick(EDGE_NUMBER_TEXTS, variant);
    case 'wrong-type':
      return pick(WRONG_TYPES(original), variant);
    case 'deep-nesting':
      return part === 'body' ? pick([deepArray, deepObject], variant) : Array(1000).fill('1');
    case 'drop-field':
      return DROP;
    default:
      return original;
  }
}

function urlOf(route: FuzzRoute, params: Record<string, unknown>, query: Record<string, unknown>) {
  const path = route.url
    .replace(/:(\w+)/g, (_match, name: string) => percentEncode(asText(params[name] ?? '')))
    .replace('*', () => percentEncode(asText(params['*'] ?? ''), /[A-Za-z0-9\-_.~/]/));
  return `${path}${queryString(query)}`;
}

/** A file part the mutation may break: garbage bytes, over the size limit, or gone. */
function fileOf(kind: Kind, file: FileSample, variant: number): FileSample | undefined {
  switch (kind) {
    case 'nul':
      return { ...file, bytes: Buffer.alloc(64) };
    case 'huge-string':
      return { ...file, bytes: Buffer.alloc(6 * 1024 * 1024, 1) };
    case 'unicode':
      return { ...file, name: `${pick(UNICODE, variant)}.jpg` };
    case 'wrong-type':
      return {
        name: 'card.txt',
        type: pick(['text/plain', 'image/jpeg', 'image/svg+xml'], variant),
        bytes: Buffer.from('<svg onload="alert(1)"/>'),
      };
    case 'drop-field':
      return undefined;
    default:
      return file;
  }
}

export interface WireRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function bodyWithContentType(body: unknown, variant: number, multipartOnly: boolean) {
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const urlEncoded = new URLSearchParams(
    Object.entries(fields).map(([key, value]): [string, string] => [key, asText(value)]),
  );
  const json = toJson(body);
  if (multipartOnly) {
    return pick(
      [
        { payload: json, contentType: 'application/json' },
        { payload: multipartBody(fields, []).payload, contentType: 'multipart/form-data' },
        {
          payload: multipartBody(fields, []).payload,
          contentType: 'multipart/form-data; boundary=other',
        },
        { payload: json, contentType: 'text/plain' },
      ],
      variant,
    );
  }
  const multipart = multipartBody(fields, []);
  return pick(
    [
      { payload: json, contentType: 'text/plain' },
      { payload: urlEncoded.toString(), contentType: 'application/x-www-form-urlencoded' },
      { payload: multipart.payload, contentType: multipart.contentType },
      { payload: Buffer.from(json, 'utf16le'), contentType: 'application/json; charset=utf-16le' },
      { payload: json, contentType: 'application/xml' },
      { payload: JSON.stringify(json), contentType: 'application/json' },
      { payload: json, contentType: 'application/vnd.api+json' },
      { payload: json, contentType: 'application/json; charset=latin1' },
    ],
    variant,
  );
}

/** The one request that `input` with `mutation` stands for. */
export function buildRequest(
  route: FuzzRoute,
  input: FuzzInput,
  mutation: Mutation,
  auth: Record<string, string>,
  file?: FileSample,
): WireRequest {
  const { kind, part, variant } = mutation;
  const parts: FuzzInput = { ...input, body: input.body ?? {} };
  let fileSample = file;
  const isValueKind = (VALUE_KINDS as readonly string[]).includes(kind);
  if (isValueKind) {
    const nodes = targetsOf(kind, part, parts[part]);
    const fileIndex = route.fileField && part === 'body' ? nodes.length : -1;
    const index = mutation.leaf % (nodes.length + (fileIndex >= 0 ? 1 : 0) || 1);
    if (index === fileIndex && file) fileSample = fileOf(kind, file, variant);
    else {
      const path = nodes[index] ?? ['x'];
      const next = mutatedValue(kind, part, getAt(parts[part], path), variant);
      parts[part] = (
        path.length === 0 && next === DROP ? {} : setAt(parts[part], path, next)
      ) as never;
    }
  }
  const headers: Record<string, string> = { ...auth };
  for (const [key, value] of Object.entries(parts.headers)) {
    if (value !== undefined) headers[key] = headerValue(asText(value));
  }
  const url = urlOf(route, parts.params, parts.query);
  const request: WireRequest = { method: route.method, url, headers };
  if (!route.parts.includes('body')) return request;

  if (route.fileField) {
    const fields = (parts.body ?? {}) as Record<string, unknown>;
    const file = kind === 'pixel-bomb' ? PIXEL_BOMB : fileSample;
    const body = multipartBody(fields, file ? [[route.fileField, file]] : []);
    if (kind === 'truncated') {
      request.payload = body.payload.subarray(0, variant % body.payload.length);
    } else if (kind === 'content-type') {
      const other = bodyWithContentType(fields, variant, true);
      request.payload = other.payload;
      headers['content-type'] = other.contentType;
      return request;
    } else if (kind === 'empty-body') {
      request.payload = pick(['', `--karta-fuzz-boundary--\r\n`, '\r\n'], variant);
    } else {
      request.payload = body.payload;
    }
    headers['content-type'] = body.contentType;
    return request;
  }

  let body = parts.body;
  switch (kind) {
    case 'array-for-object': {
      const objects = [[], ...nodesOf(body).filter((path) => isObject(getAt(body, path)))];
      const path = pick(objects, mutation.leaf);
      body = setAt(
        body,
        path,
        variant % 2 === 0 ? [getAt(body, path)] : Object.values(getAt(body, path) as object),
      );
      break;
    }
    case 'duplicate-keys':
      body = duplicateKeys(body, variant);
      break;
    case 'proto-key':
      body = new Raw(
        withExtraKey(
          body,
          pick(
            ['"__proto__":{"role":"admin"}', '"constructor":{"prototype":{"role":"admin"}}'],
            variant,
          ),
        ),
      );
      break;
    case 'content-type': {
      const other = bodyWithContentType(body, variant, false);
      request.payload = other.payload;
      headers['content-type'] = other.contentType;
      return request;
    }
    case 'empty-body': {
      const empty = pick(['', undefined, '{}', 'null', '[]', ' '], variant);
      if (empty !== undefined) {
        request.payload = empty;
        headers['content-type'] = 'application/json';
      }
      return request;
    }
    default:
      break;
  }
  request.payload = toJson(body);
  headers['content-type'] = 'application/json';
  return request;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function withExtraKey(body: unknown, member: string): string {
  const json = isObject(body) ? toJson(body) : '{}';
  return json === '{}' ? `{${member}}` : `{${member},${json.slice(1)}`;
}

/** The first key again, with another value, before or after the real one (JSON keeps the last). */
function duplicateKeys(body: unknown, variant: number): Raw {
  if (!isObject(body)) return new Raw('{"a":1,"a":2}');
  const [key] = Object.keys(body);
  if (key === undefined) return new Raw('{"a":1,"a":2}');
  const other = toJson(pick(WRONG_TYPES(body[key]), variant));
  const json = toJson(body);
  return new Raw(
    variant % 2 === 0
      ? `{${JSON.stringify(key)}:${other},${json.slice(1)}`
      : `${json.slice(0, -1)},${JSON.stringify(key)}:${other}}`,
  );
}
