import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { collectRoutes } from '../../test/route-table';

/** The parts of an OpenAPI 3 document these checks read. */
interface Media {
  schema?: Record<string, unknown>;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean }[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media>; headers?: object }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: {
    securitySchemes?: Record<string, unknown>;
    responses?: Record<string, { content?: Record<string, Media>; headers?: object }>;
  };
}

const table = collectRoutes();
const t = await createTestApp({ onRoute: table.onRoute });
afterAll(() => t.close());

const fetchDocument = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json<OpenApiDocument>();
};

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Routes that are not the API: its own description, the web app, development helpers. */
const isOutsideTheApi = (url: string) =>
  url.startsWith('/api/docs') || url.startsWith('/dev/') || !url.startsWith('/api/v1/');

describe('the OpenAPI document', () => {
  it('is valid OpenAPI (checked by @apidevtools/swagger-parser)', async () => {
    const document = await fetchDocument();
    // validate() dereferences in place: give it a copy.
    const copy = structuredClone(document) as unknown as Parameters<
      typeof SwaggerParser.validate
    >[0];
    await expect(SwaggerParser.validate(copy)).resolves.toBeTruthy();
  });

  it('describes every API route of the route table', async () => {
    const document = await fetchDocument();
    const missing = table.routes
      .filter((route) => !isOutsideTheApi(route.url))
      .filter((route) => {
        const operations = document.paths[openApiPath(route.url)] as
          Record<string, unknown> | undefined;
        return !operations?.[route.method.toLowerCase()];
      })
      .map((route) => route.key);
    expect(missing).toEqual([]);
  });

  const operationsOf = (document: OpenApiDocument) =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        where: `${method} ${path}`,
        operation,
      })),
    );

  // A generated client names each call by its operationId: present, unique, camelCase verb+noun.
  it('names every operation once, in camelCase, with a summary, a tag and its security', async () => {
    const operations = operationsOf(await fetchDocument());
    const problems = operations.flatMap(({ where, operation }) => [
      ...(/^[a-z]+[A-Z][A-Za-z]*$/.test(operation.operationId ?? '')
        ? []
        : [`${where}: operationId ${String(operation.operationId)}`]),
      ...(operation.summary ? [] : [`${where}: no summary`]),
      ...(operation.tags?.length === 1 ? [] : [`${where}: tags ${String(operation.tags)}`]),
      ...(Array.isArray(operation.security) ? [] : [`${where}: no security (use [] if public)`]),
    ]);
    expect(problems).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // The contract names each status a route answers: a client switches on them, not on a range.
  it('documents each refusal by its status, as the error envelope, with X-Request-Id', async () => {
    const problems: string[] = [];
    const document = await fetchDocument();
    for (const { where, operation } of operationsOf(document)) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        // A refusal with no code is one shared response: read it where it is defined.
        const ref = (answer as { $ref?: string }).$ref;
        const response = ref
          ? (document.components?.responses?.[ref.replace('#/components/responses/', '')] ?? {})
          : answer;
        if (!/^\d{3}$/.test(status)) problems.push(`${where}: a range or default (${status})`);
        if (Number(status) < 400) continue;
        const schema = JSON.stringify(response.content?.['application/json']?.schema ?? {});
        if (!schema.includes('#/components/schemas/ErrorEnvelope'))
          problems.push(`${where} ${status}: not the error envelope`);
        if (!JSON.stringify(response.headers ?? {}).includes('X-Request-Id'))
          problems.push(`${where} ${status}: no X-Request-Id`);
      }
      for (const status of ['400', '500']) {
        if (!operation.responses[status]) problems.push(`${where}: no ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // Every JSON request and success answer shows an example (Redocly checks each fits its schema).
  it('gives an example of every request body and success answer', async () => {
    const problems: string[] = [];
    for (const { where, operation } of operationsOf(await fetchDocument())) {
      const bodies = Object.entries(operation.requestBody?.content ?? {});
      const answers = Object.entries(operation.responses)
        .filter(([status]) => Number(status) < 300)
        .flatMap(([, response]) => Object.entries(response.content ?? {}));
      for (const [type, media] of [...bodies, ...answers]) {
        const isFile =
          JSON.stringify(media.schema ?? {}).includes('"binary"') && !type.includes('multipart');
        if (!isFile && type !== 'text/csv' && media.example === undefined)
          problems.push(`${where} ${type}: no example`);
      }
    }
    expect(problems).toEqual([]);
  });

  // swagger-parser checks OpenAPI 3 documents against the schema only; these it leaves to us.
  it('declares every path parameter and names only schemes it defines', async () => {
    const document = await fetchDocument();
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    const problems: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const declared = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' && parameter.required)
          .map((parameter) => parameter.name);
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          if (!declared.includes(name ?? ''))
            problems.push(`${method} ${path}: {${name}} undeclared`);
        }
        for (const requirement of operation.security ?? []) {
          for (const name of Object.keys(requirement)) {
            if (!schemes.includes(name)) problems.push(`${method} ${path}: unknown scheme ${name}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  // In OpenAPI 3.0 `enum` restricts a nullable value too: without null in it, clients refuse null.
  it('lists null among the values of every nullable enum', async () => {
    const offenders: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (value === null || typeof value !== 'object') return;
      const schema = value as { nullable?: unknown; enum?: unknown };
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
        offenders.push(at);
      }
      for (const [key, child] of Object.entries(value)) walk(child, `${at}/${key}`);
    };
    walk(await fetchDocument(), '#');
    expect(offenders).toEqual([]);
  });
});
