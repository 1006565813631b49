import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { openApiPlugin } from '../plugins/openapi';
import { AppError } from './app-error';
import type { ZodApp } from './declare-route';
import { jsonRoutes } from './json-routes';
import { publicAccess } from './route-access';
import { responseSerializerCompiler } from './response-serializer';
import type { Deprecation } from './route-contract';

/** An app with one route on its way out, and the document that describes it. */
async function appWithDeprecated(deprecated: Deprecation) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  await app.register(openApiPlugin, { publishDocs: false, publicUrl: 'http://127.0.0.1' });
  await app.register(errorHandlerPlugin);
  await app.register(
    async (scope) => {
      const route = jsonRoutes(scope as unknown as ZodApp, { tags: ['t'], access: publicAccess });
      route.get('/old/:id', {
        operationId: 'getOldThing',
        summary: 'An old thing',
        deprecated,
        input: { params: z.object({ id: z.string() }) },
        refuses: { 404: [] },
        answers: z.object({ id: z.string() }),
        message: 'Old thing',
        handle: async (request) => {
          if (request.params.id === 'missing') throw new AppError('NOT_FOUND', 'No such thing.');
          return Promise.resolve({ id: request.params.id });
        },
      });
      await Promise.resolve();
    },
    { prefix: '/api/v1' },
  );
  await app.ready();
  return app;
}

const DEPRECATED = {
  since: '2026-12-01',
  sunset: '2027-06-01',
  successor: '/api/v1/things/{id}',
};

describe('a deprecated route (docs/api.md#versioning)', () => {
  it('says so in every answer: Deprecation, Sunset and its successor, refusals too', async () => {
    const app = await appWithDeprecated(DEPRECATED);
    for (const [id, status] of [
      ['t-1', 200],
      ['missing', 404],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/old/${id}` });
      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject({
        // RFC 9745: @ and the Unix time of 2026-12-01T00:00:00Z.
        deprecation: '@1796083200',
        // RFC 8594: an HTTP date.
        sunset: 'Tue, 01 Jun 2027 00:00:00 GMT',
        link: '</api/v1/things/{id}>; rel="successor-version"',
      });
    }
    await app.close();
  });

  it('is marked deprecated in the document, which names the headers on each answer', async () => {
    const app = await appWithDeprecated(DEPRECATED);
    const document = app.swagger() as unknown as {
      paths: Record<string, { get: { deprecated?: boolean; responses: Record<string, object> } }>;
    };
    const operation = document.paths['/api/v1/old/{id}']?.get;
    expect(operation?.deprecated).toBe(true);
    for (const status of ['200', '404']) {
      expect(Object.keys(operation?.responses[status] ?? {})).toContain('headers');
      const headers = JSON.stringify(operation?.responses[status]);
      for (const name of ['Deprecation', 'Sunset', 'Link']) expect(headers).toContain(name);
    }
    await app.close();
  });

  it('cannot be taken away sooner than 180 days after it was deprecated', async () => {
    await expect(appWithDeprecated({ since: '2026-12-01', sunset: '2027-03-01' })).rejects.toThrow(
      /at least 180 days/,
    );
    await expect(appWithDeprecated({ since: '1 Dec 2026', sunset: '2027-06-01' })).rejects.toThrow(
      /YYYY-MM-DD/,
    );
  });
});
