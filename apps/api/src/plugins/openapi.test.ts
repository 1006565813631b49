import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { collectRoutes } from '../../test/route-table';

/** The parts of an OpenAPI 3 document these checks read. */
interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
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

  // swagger-parser checks OpenAPI 3 documents against the schema only; these it leaves to us.
  it('declares every path parameter, names only schemes it defines, and documents errors', async () => {
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
        // A client must know the error envelope of every route, binary ones included.
        for (const range of ['4XX', '5XX']) {
          if (!operation.responses[range]) problems.push(`${method} ${path}: no ${range} answer`);
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
