import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOf } from '@karta/shared/schemas/common';
import { TradeSchema } from '@karta/shared/schemas/trades';
import { jsonRoutes } from './json-routes';
import { publicAccess } from './route-access';
import { responseSerializerCompiler } from './response-serializer';
import type { ZodApp } from './declare-route';

const ItemSchema = z.object({
  id: z.string(),
  note: z.string().nullable(),
  kind: z.enum(['a', 'b']).nullable(),
  size: z.number().int(),
  child: z.object({ name: z.string() }).nullable(),
  tags: z.array(z.object({ label: z.string() })),
});

/** A service's result with fields the schema does not declare, at every depth. */
const leaky = () => ({
  id: 'i-1',
  note: null,
  kind: 'b',
  size: 3,
  child: { name: 'c', passwordHash: 'secret-1' },
  tags: [{ label: 't', storageKey: 'secret-2' }],
  pinHash: 'secret-3',
});

async function appAnswering(result: () => unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  const route = jsonRoutes(app as unknown as ZodApp, { tags: ['t'], access: publicAccess });
  route.get('/one', {
    operationId: 'getOne',
    summary: 'one',
    answers: ItemSchema,
    message: 'One',
    handle: () => Promise.resolve(result() as never),
  });
  route.get('/either', {
    operationId: 'getEither',
    summary: 'either',
    answers: z.union([ItemSchema, pageOf(ItemSchema)]),
    message: 'Either',
    handle: () => Promise.resolve(result() as never),
  });
  await app.ready();
  return app;
}

// Decision 047: answers are written by fast-json-stringify instead of zod's encode; the fields
// sent must stay exactly the schema's.
describe('responseSerializerCompiler', () => {
  it('never sends a field the schema does not declare, in a plain or a union answer', async () => {
    const app = await appAnswering(leaky);
    const one = await app.inject({ url: '/one' });
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toMatch(/secret|passwordHash|storageKey|pinHash/);
    expect(one.json()).toEqual({
      status: 'success',
      message: 'One',
      data: {
        id: 'i-1',
        note: null,
        kind: 'b',
        size: 3,
        child: { name: 'c' },
        tags: [{ label: 't' }],
      },
    });
    // A union's branch is picked as zod picks it, extra fields and all, then written bare.
    const either = await app.inject({ url: '/either' });
    expect(either.statusCode).toBe(200);
    expect(either.body).toBe(one.body.replace('"One"', '"Either"'));
    await app.close();

    const pages = await appAnswering(() => ({
      data: [leaky(), leaky()],
      meta: { page: 1, size: 2, total: 2, totalPages: 1, cursor: 'secret-4' },
      query: 'secret-5',
    }));
    const page = await pages.inject({ url: '/either' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/secret|passwordHash|storageKey|pinHash|cursor|query/);
    expect(page.json<{ data: { data: unknown[] } }>().data.data).toHaveLength(2);
    await pages.close();
  });

  it('writes what zod wrote for a trade page, byte for byte', async () => {
    const schema = z.object({
      status: z.literal('success'),
      message: z.string(),
      data: z.union([TradeSchema, pageOf(TradeSchema)]),
    });
    const trade = {
      id: 't-1',
      reference: 'KT-00000001',
      gift_card: { id: 'c', name: 'Amazon "US"\u2028', img_info: { url: '/a.svg' }, slug: 'x' },
      subcategory: { id: 's', name: 'USA e-code $25–$99', currency: 'USD' },
      amount: 50.5,
      rate: 1180,
      expected_value: 59_590,
      final_value: null,
      status: 'counter_offered',
      comment: 'line\nbreak \\ tab\t',
      images: [
        { id: 'i', url: '/api/v1/trade/images/i?expires=1&signature=s', width: 1, height: 2 },
      ],
      rejection_reason: null,
      rejection_code: null,
      review_note: 'note',
      rejection_proof: null,
      device: 'ios',
      created_at: '2026-11-26T07:16:08.700Z',
      reviewed_at: null,
      timeline: [{ status: 'submitted', at: '2026-11-26T07:16:08.700Z' }],
      if_no_answer: 'decline',
      counter_offer: {
        value: 50_000,
        note: null,
        expires_at: '2026-11-27T07:16:08.700Z',
        if_no_answer: 'decline',
        answer: null,
      },
      has_card_code: false,
      is_waiting_second_approval: false,
      userId: 'secret-6',
    };
    const body = {
      status: 'success',
      message: 'Trades',
      data: {
        data: [trade, { ...trade, id: 't-2', rejection_code: 'other' }],
        meta: { page: 1, size: 2, total: 2, totalPages: 1 },
      },
    };
    const write = responseSerializerCompiler({
      schema,
      method: 'GET',
      url: '/',
      httpStatus: '200',
    });
    const written = write(body);
    expect(written).toBe(JSON.stringify(z.encode(schema, body as never)));
    expect(written).not.toContain('secret');
  });

  it('refuses an answer that lacks a required field, as zod did', async () => {
    const app = await appAnswering(() => ({ id: 'i-1', note: null }));
    expect((await app.inject({ url: '/one' })).statusCode).toBe(500);
    await app.close();
  });
});
