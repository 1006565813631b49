import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { z } from 'zod';
import {
  StaffMessageInputSchema,
  SUPPORT_PHOTOS_FIELD,
  SupportMessageInputSchema,
} from '@karta/shared/schemas/support';
import { AddTradeFieldsSchema } from '@karta/shared/schemas/trades';
import { createTestApp } from '../create-test-app';
import type { FingerprintExceptions } from '../database-fingerprint';
import { collectRoutes, isEventStream, type RouteEntry } from '../route-table';
import {
  createFuzzFixtures,
  keepUserSignedIn,
  knownValuesFor,
  topUpPendingTrades,
  withPendingTrades,
  type FuzzFixtures,
} from './fuzz-fixtures';
import {
  buildRequest,
  mutationArbitrary,
  mutationPlan,
  type FuzzInput,
  type FuzzRoute,
  type Mutation,
  type Part,
} from './fuzz-request';
import { watchWrites, type WriteWatch } from '../write-watch';
import { zodArbitrary } from './zod-arbitrary';

/**
 * Every registered route, fuzzed from its own zod schemas (docs/security.md): valid-ish inputs, then
 * broken ones (NUL bytes, a megabyte of text, unicode, float noise, huge and negative numbers,
 * wrong types, 10,000-deep nesting, duplicate keys, wrong content types, empty and truncated
 * bodies, a small photo that decodes to 10000 × 10000 pixels). No answer may be 5xx, and a refused request (4xx) may change nothing in the database.
 * A fixed seed keeps CI reproducible; FUZZ_SEED and FUZZ_RUNS run it longer by hand.
 */
// eslint-disable-next-line no-restricted-properties -- test knobs (FUZZ_SEED, FUZZ_RUNS), not app configuration
const { FUZZ_SEED, FUZZ_RUNS } = process.env;
const SEED = Number(FUZZ_SEED ?? 20_261_124);
/** Runs per mutation kind and place (four times that unmutated). */
const RUNS = Number(FUZZ_RUNS ?? 1);

/** The text fields multipart routes read by hand (they have no body schema to read). */
const MULTIPART_FIELDS: Record<string, { fields?: z.ZodType; fileField: string }> = {
  'POST /api/v1/trade/add_trade': { fields: AddTradeFieldsSchema, fileField: 'images' },
  'POST /api/v1/admin/catalog/cards/:id/image': { fileField: 'image' },
  // Messages take JSON too; multipart is the path that decodes photos, so it is the one fuzzed.
  'POST /api/v1/support/messages/:user_id': {
    fields: SupportMessageInputSchema,
    fileField: SUPPORT_PHOTOS_FIELD,
  },
  'POST /api/v1/admin/support/:id/messages': {
    fields: StaffMessageInputSchema,
    fileField: SUPPORT_PHOTOS_FIELD,
  },
  'POST /api/v1/admin/trades/:trade_id/conversation/messages': {
    fields: StaffMessageInputSchema,
    fileField: SUPPORT_PHOTOS_FIELD,
  },
};

interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  consumes?: string[];
}
interface Target {
  label: string;
  /** The live stream answers a stream that never ends: its head is read, then it is let go. */
  streaming: boolean;
  route: FuzzRoute;
  schemas: Partial<Record<Part, z.ZodType>>;
}

/**
 * What a refused request may change, and why. Everything else in the public schema must be
 * byte-for-byte the same after a 4xx answer.
 */
const ALLOWED_CHANGES: FingerprintExceptions = {
  // The throttle's counters: counting refused password attempts is what they are for.
  rate_counters: true,
  // A wrong code counts against its code, and the fifth voids it (docs/product.md §3): a 401 that must stick.
  one_time_codes: ['failed_attempts', 'voided_at'],
  // Each try at a sign-in challenge counts before its code is compared (decision 061): a wrong
  // code's 401 spends one of the five, and must.
  two_factor_challenges: ['attempts'],
  // The record of open live streams (decision 079) changes by itself: each process's heartbeat
  // touches its rows every 25 s, and a stream an earlier case opened is deleted whenever the
  // server sees it close, during whatever request is under way. That a refused stream writes no
  // row is events.test.ts's to prove.
  open_streams: true,
};

const table = collectRoutes();
const t = await createTestApp({ onRoute: table.onRoute });
afterAll(() => t.close());

function targetOf(route: RouteEntry): Target {
  const { method, key: label } = route;
  const schema = (route.schema ?? {}) as RouteSchema;
  const multipart = MULTIPART_FIELDS[label];
  const hasBody = !['GET', 'DELETE', 'OPTIONS'].includes(method);
  const hasParams = /[:*]/.test(route.url);
  const parts: Part[] = [
    ...(hasParams ? (['params'] as const) : []),
    ...(schema.querystring ? (['query'] as const) : []),
    ...(schema.headers ? (['headers'] as const) : []),
    ...(hasBody ? (['body'] as const) : []),
  ];
  if (parts.length === 0) parts.push('query');
  return {
    label,
    streaming: isEventStream(route),
    route: {
      method,
      url: route.url,
      parts,
      ...(multipart ? { fileField: multipart.fileField } : {}),
    },
    schemas: {
      ...(schema.params ? { params: schema.params } : {}),
      ...(schema.querystring ? { query: schema.querystring } : {}),
      ...(schema.headers ? { headers: schema.headers } : {}),
      ...((multipart?.fields ?? schema.body) ? { body: multipart?.fields ?? schema.body } : {}),
    },
  };
}

const targets = table.routes.map(targetOf).sort((a, b) => a.label.localeCompare(b.label));

let fx: FuzzFixtures;
let writes: WriteWatch;
beforeAll(async () => {
  fx = await createFuzzFixtures(t);
  writes = await watchWrites(t.db, ALLOWED_CHANGES);
});

/** Confirmation fields usually confirm, so the case gets past the form to the service. */
function withConfirmations(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy = { ...(body as Record<string, unknown>) };
  for (const key of Object.keys(copy)) {
    const confirmed = key.replace(/^verify_/, '');
    if (confirmed !== key && confirmed in copy) copy[key] = copy[confirmed];
  }
  return copy;
}

function inputArbitrary(target: Target): fc.Arbitrary<FuzzInput> {
  const known = knownValuesFor(target.route.url, fx);
  const of = (part: Part) => {
    const schema = target.schemas[part];
    if (schema) return zodArbitrary(schema, known, [part]);
    if (part === 'params') {
      const names = [...target.route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
      return fc.record(
        Object.fromEntries(names.map((name) => [name, fc.string({ maxLength: 40 })])),
      );
    }
    // A body nobody declared (signout, webhooks): some JSON object all the same.
    if (part === 'body')
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), {
        maxKeys: 3,
      });
    return fc.constant({});
  };
  return fc
    .record({ params: of('params'), query: of('query'), headers: of('headers'), body: of('body') })
    .map((input) => ({ ...input, body: withConfirmations(input.body) }) as FuzzInput);
}

const excerpt = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${String(text.length)} characters)` : text;

/**
 * A streamed answer's text: a refusal whole (it ends), a live stream only its first chunk, and
 * then the stream is let go (the app ends what is left of it when it closes).
 */
async function streamHead(response: LightMyRequestResponse): Promise<string> {
  const stream = response.stream();
  if (response.statusCode >= 400) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  const [first] = (await stream.take(1).toArray()) as Buffer[];
  stream.destroy();
  return first?.toString('utf8') ?? '';
}

async function checkOne(target: Target, generated: FuzzInput, mutation: Mutation) {
  if (/trade/.test(target.route.url)) {
    await topUpPendingTrades(t, fx);
  }
  const input = withPendingTrades(generated, fx) as FuzzInput;
  const isAdminRoute = target.route.url.startsWith('/api/v1/admin');
  const session = isAdminRoute ? fx.admin : fx.user;
  const request = buildRequest(
    target.route,
    input,
    mutation,
    { authorization: session.token },
    fx.photo,
  );
  await writes.reset();
  const response = await t.app.inject({
    ...request,
    ...(target.streaming && { payloadAsStream: true }),
  });
  const body = target.streaming ? await streamHead(response) : response.body;
  const what = `${request.method} ${excerpt(request.url, 200)} answered ${String(response.statusCode)}: ${excerpt(body)}`;
  if (response.statusCode >= 500) throw new Error(what);
  if (response.statusCode >= 400) {
    const changed = await writes.take();
    if (changed.length > 0) {
      const list = changed.map((write) => `${write.operation} ${write.table}`);
      throw new Error(`${what}\nand wrote: ${[...new Set(list)].join(', ')}`);
    }
    return;
  }
  if (!isAdminRoute && request.method !== 'GET') await keepUserSignedIn(t, fx);
}

describe('every route, fuzzed from its schema', () => {
  it('found the routes', ({ expect }) => {
    expect(targets.length).toBeGreaterThan(40);
  });

  it.each(targets)('$label', { timeout: 180_000 }, async (target) => {
    const input = inputArbitrary(target);
    // Every kind runs even after one fails, so one report shows all that is wrong with the route.
    const failures: string[] = [];
    for (const [index, { kind, part, runs, sweep = 0 }] of mutationPlan(target.route).entries()) {
      // Each kind its own stream of cases, all from the one seed.
      const seed = SEED + index;
      const examples = (sweep > 0 ? fc.sample(input, { seed, numRuns: sweep }) : []).map(
        (each, variant): [FuzzInput, Mutation] => [each, { kind, part, leaf: variant, variant }],
      );
      try {
        await fc.assert(
          fc.asyncProperty(input, mutationArbitrary(kind, part), (each, mutation) =>
            checkOne(target, each, mutation),
          ),
          // Examples count in numRuns.
          { seed, numRuns: examples.length + runs * RUNS, examples },
        );
      } catch (error) {
        const cause = (error as Error).cause;
        failures.push(
          `${kind} in ${part}: ${(error as Error).message}${cause instanceof Error ? `\n${cause.message}` : ''}`,
        );
      }
    }
    if (failures.length > 0) {
      throw new Error(`FUZZ_SEED=${String(SEED)}\n\n${failures.join('\n\n')}`);
    }
  });
});
