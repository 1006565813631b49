import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, signedInUser, type Session } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { databaseFingerprint } from '../../test/database-fingerprint';
import { cardPhoto, multipart, tradableSubcategory } from '../../test/trades';

let t: TestApp;
let user: Session;
let form: ReturnType<typeof multipart>;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.app);
  const { subcategory } = await tradableSubcategory(t.db);
  form = multipart({ subcategory_id: subcategory.id, amount: '100', comment: 'Fresh card' }, [
    await cardPhoto(64, 40),
  ]);
});
afterAll(() => t.close());

const addTradeWith = (payload: Buffer, contentType = form.headers['content-type']) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/trade/add_trade',
    payload,
    headers: { 'content-type': contentType, authorization: user.token },
  });

describe('a multipart body that is cut off or malformed is a 400 that changes nothing', () => {
  const cuts: [string, (body: Buffer) => Buffer][] = [
    ['cut in the middle of the photo', (body) => body.subarray(0, body.length / 2)],
    ['without its closing boundary', (body) => body.subarray(0, body.length - 12)],
    ['cut inside the first field', (body) => body.subarray(0, 60)],
    ['cut inside a part header', (body) => body.subarray(0, body.indexOf('name=') + 8)],
    ['with no multipart in it at all', () => Buffer.from('hello world')],
  ];

  it.each(cuts)('a body %s', async (_name, cut) => {
    const before = await databaseFingerprint(t.db);
    const response = await addTradeWith(cut(form.payload));
    expect(response.statusCode, response.body).toBe(400);
    expect(bodyOf(response).message).toMatch(/ended before it was complete/);
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it('a multipart Content-Type without a boundary', async () => {
    const response = await addTradeWith(form.payload, 'multipart/form-data');
    expect(response.statusCode, response.body).toBe(400);
    expect(bodyOf(response).message).toMatch(/no multipart boundary/);
  });

  it('the whole body still makes a trade', async () => {
    const response = await addTradeWith(form.payload);
    expect(response.statusCode, response.body).toBe(201);
  });
});
