import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createResponseContract } from './response-contract';

const REQUEST_ID = { 'X-Request-Id': { schema: { type: 'string' } } };
const json = (schema: object) => ({
  content: { 'application/json': { schema } },
  headers: REQUEST_ID,
});

/** A small document in OpenAPI 3.0's own dialect (a boolean exclusive bound, nullable). */
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'test', version: '1' },
  paths: {
    '/api/v1/things/{id}': {
      get: {
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: {
          200: json({
            type: 'object',
            properties: {
              count: { type: 'integer', minimum: 0, exclusiveMinimum: true },
              note: { type: 'string', nullable: true },
            },
            required: ['count', 'note'],
            additionalProperties: false,
          }),
          '4XX': json({ type: 'object', required: ['status'] }),
          409: { ...json({ type: 'object', required: ['status'] }), 'x-codes': ['CLAIMED'] },
        },
      },
    },
    '/api/v1/photo': {
      get: {
        responses: {
          200: { description: 'A photo', content: { 'image/*': {} }, headers: REQUEST_ID },
        },
      },
    },
  },
};

async function appWithContract() {
  const contract = createResponseContract();
  const app = Fastify();
  app.addHook('onRoute', contract.onRoute);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header('x-request-id', 'req-1');
    done();
  });
  // The handler answers whatever the test asks for, bypassing any serializer.
  app.get<{ Querystring: { status: string; body: string; type?: string; retry?: string } }>(
    '/api/v1/things/:id',
    (request, reply) => {
      if (request.query.retry) void reply.header('retry-after', request.query.retry);
      return reply
        .status(Number(request.query.status))
        .type(request.query.type ?? 'application/json')
        .send(request.query.body);
    },
  );
  app.get('/api/v1/photo', (_request, reply) => reply.type('image/png').send(Buffer.from('png')));
  await app.ready();
  await contract.load(DOCUMENT);
  const ask = (status: number, body: object, extra = '') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/things/1?status=${String(status)}&body=${encodeURIComponent(JSON.stringify(body))}${extra}`,
    });
  return { app, contract, ask };
}

describe('the response contract of the test apps', () => {
  it('accepts documented statuses with matching bodies, and files by status alone', async () => {
    const { app, contract, ask } = await appWithContract();
    await ask(200, { count: 1, note: null });
    await ask(404, { status: 'error' });
    await app.inject({ method: 'GET', url: '/api/v1/photo' });
    expect(contract.mismatches()).toEqual([]);
    await app.close();
  });

  it('reports an undocumented status and a body that breaks its schema, once each', async () => {
    const { app, contract, ask } = await appWithContract();
    await ask(200, { count: 0, note: null });
    await ask(200, { count: 0, note: null });
    await ask(200, { count: 2, note: 'x', extra: true });
    await ask(503, { status: 'error' });
    expect(contract.mismatches()).toEqual([
      'GET /api/v1/things/:id → 200: /count must be > 0 (×2)',
      'GET /api/v1/things/:id → 200: (body) must NOT have additional properties (×1)',
      'GET /api/v1/things/:id → 503: status not documented (×1)',
    ]);
    await app.close();
  });

  it('reports a domain code its status does not list', async () => {
    const { app, contract, ask } = await appWithContract();
    await ask(409, { status: 'error', code: 'CLAIMED' });
    await ask(409, { status: 'error', code: 'STALE' });
    expect(contract.mismatches()).toEqual([
      'GET /api/v1/things/:id → 409: code STALE not documented (CLAIMED) (×1)',
    ]);
    await app.close();
  });

  it('reports a header a client reads and a media type the document does not name', async () => {
    const { app, contract, ask } = await appWithContract();
    await ask(404, { status: 'error' }, '&retry=5');
    await ask(200, { count: 1, note: null }, '&type=text/csv');
    expect(contract.mismatches()).toEqual([
      'GET /api/v1/things/:id → 404: header retry-after not documented (×1)',
      'GET /api/v1/things/:id → 200: text/csv not documented (application/json) (×1)',
    ]);
    await app.close();
  });
});
