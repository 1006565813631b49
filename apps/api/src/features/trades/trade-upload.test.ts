import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_IMAGE_MAX_BYTES } from '@karta/shared/constants';
import { bodyOf, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { databaseFingerprint } from '../../../test/database-fingerprint';
import {
  cardPhoto,
  multipart,
  reviewStep,
  sellerView,
  streamedMultipart,
  submitTrade,
  tradableSubcategory,
} from '../../../test/trades';

let t: TestApp;
let user: Session;
let form: ReturnType<typeof multipart>;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.app);
  const { subcategory } = await tradableSubcategory(t.db);
  subcategoryId = subcategory.id;
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

describe('a photo over 5 MB is a 413 every time, however its bytes arrive', () => {
  const TOO_LARGE = 'Each photo can be at most 5 MB.';
  /** A real JPEG with noise after it: 5 MiB and `over` bytes. */
  const oversized = async (over: number) => {
    const photo = await cardPhoto(64, 40);
    const noise = randomBytes(TRADE_IMAGE_MAX_BYTES - photo.bytes.length + over);
    return { ...photo, bytes: Buffer.concat([photo.bytes, noise]) };
  };

  // Each in 64 KiB pieces, so one ends exactly at 5 MiB: the case that came back as a success
  // before the fix, with the photo cut to its first 5 MiB.
  it.each([
    ['add_trade', () => `/api/v1/trade/add_trade`, { amount: '100' }],
    ['respond_trade', () => `/api/v1/trade/respond_trade/${user.user.id}`, { comment: 'Here' }],
  ])('%s, three times in a row, changes nothing', async (route, url, fields) => {
    const extra: Record<string, string> = { subcategory_id: subcategoryId };
    if (route === 'respond_trade') {
      const operator = await signedInOperator(t.app, t.db);
      const trade = await submitTrade(t.app, user, subcategoryId);
      const asked = await reviewStep(t.app, operator, trade.id, 'request_info', {
        message: 'Please send the back of the card.',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      extra.trade_id = trade.id;
    }
    const before = await databaseFingerprint(t.db);
    for (const over of [1, 1, 1, 8 * 1024 * 1024]) {
      const body = streamedMultipart({ ...fields, ...extra }, [await oversized(over)]);
      const response = await t.app.inject({
        method: 'POST',
        url: url(),
        payload: body.payload(),
        headers: { ...body.headers, authorization: user.token },
      });
      expect(response.statusCode, `5 MiB + ${String(over)} bytes: ${response.body}`).toBe(413);
      expect(bodyOf(response)).toEqual({
        status: 'error',
        message: TOO_LARGE,
        errors: [{ field: 'images', message: TOO_LARGE }],
      });
    }
    expect(await databaseFingerprint(t.db)).toEqual(before);
    if (extra.trade_id) {
      expect((await sellerView(t.app, user, extra.trade_id)).status).toBe('info_requested');
    }
  });
});
