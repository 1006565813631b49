import { readFileSync } from 'node:fs';
import { count, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Trade } from '@karta/shared/schemas/trades';
import { trades } from '../../db/schema/trades';
import { insertCard, insertSubcategory } from '../../../test/catalog';
import { signedInUser, type Session, bodyOf, type Paged } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectTradeCountsConsistent } from '../../../test/ledger';
import { addTrade, cardPhoto, submitTrade, tradableSubcategory } from '../../../test/trades';

let t: TestApp;
let seller: Session;
let other: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  [seller, other] = [await signedInUser(t.app), await signedInUser(t.app)];
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterEach(() => expectTradeCountsConsistent(t.db));
afterAll(() => t.close());

const tradeCount = async () => (await t.db.select({ n: count() }).from(trades))[0]?.n ?? 0;

const fetchTrades = (session: Session, query = '', userId = session.user.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/trade/fetch_trade/${userId}${query}`,
    headers: { authorization: session.token },
  });

describe('POST /trade/add_trade', () => {
  it('creates a pending trade at the current rate, with its photos re-encoded and signed', async () => {
    const photo = await cardPhoto();
    const response = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '250', comment: 'Code: ABCD-1234', device: 'web' },
      [photo, photo],
    );
    expect(response.statusCode, response.body).toBe(201);
    const trade = response.json<{ data: Trade }>().data;
    expect(trade).toMatchObject({
      status: 'pending',
      amount: 250,
      rate: 1180,
      expected_value: 295_000,
      final_value: null,
      comment: 'Code: ABCD-1234',
      device: 'web',
      subcategory: { id: subcategoryId, currency: 'USD' },
      timeline: [{ status: 'submitted' }],
    });
    expect(trade.reference).toMatch(/^KT-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(trade.images).toHaveLength(2);

    const image = await t.app.inject({ method: 'GET', url: trade.images[0]?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toMatch(/^private/);
    const stored = await sharp(image.rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('accepts an iPhone HEIC photo and keeps it as WebP', async () => {
    // Made with Debian's heif-enc (libheif 1.15, x265) from a 96 × 60 PNG.
    const heic = readFileSync(new URL('../../../test/fixtures/card-photo.heic', import.meta.url));
    const response = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '40' },
      [{ name: 'IMG_0001.HEIC', type: 'image/heic', bytes: heic }],
    );
    expect(response.statusCode, response.body).toBe(201);
    const [image] = bodyOf<Trade>(response).data.images;
    expect(image).toMatchObject({ width: 96, height: 60 });
    const served = await t.app.inject({ method: 'GET', url: image?.url ?? '' });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a file named .jpg that is really HTML, and keeps nothing', async () => {
    const before = await tradeCount();
    const response = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '50' },
      [
        {
          name: 'card.jpg',
          type: 'image/jpeg',
          bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        },
      ],
    );
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toMatchObject({
      status: 'error',
      errors: [{ field: 'images', message: 'Upload photos as JPEG, PNG, WebP or HEIC images.' }],
    });
    expect(await tradeCount()).toBe(before);
  });

  it('answers 413 for a photo of 5 MB and one byte', async () => {
    const before = await tradeCount();
    const { bytes } = await cardPhoto(64, 40);
    const padded = Buffer.concat([bytes, Buffer.alloc(5 * 1024 * 1024 + 1 - bytes.length)]);
    const response = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '50' },
      [{ name: 'big.jpg', type: 'image/jpeg', bytes: padded }],
    );
    expect(response.statusCode).toBe(413);
    expect(bodyOf(response).errors[0]).toEqual({
      field: 'images',
      message: 'Each photo can be at most 5 MB.',
    });
    expect(await tradeCount()).toBe(before);
  });

  it('refuses a small file that decodes to more than 50 megapixels', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 7000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '50' },
      [{ name: 'bomb.png', type: 'image/png', bytes: bomb }],
    );
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).errors[0]?.message).toBe(
      'A photo is too large. Upload photos of at most 50 megapixels.',
    );
  });

  it('accepts a photo of exactly 5 MB', async () => {
    const { bytes } = await cardPhoto(64, 40);
    const padded = Buffer.concat([bytes, Buffer.alloc(5 * 1024 * 1024 - bytes.length)]);
    const response = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '50' },
      [{ name: 'ok.jpg', type: 'image/jpeg', bytes: padded }],
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('needs 1 to 10 photos', async () => {
    const photo = await cardPhoto(32, 20);
    const none = await addTrade(t.app, seller, { subcategory_id: subcategoryId, amount: '50' }, []);
    expect(none.statusCode).toBe(400);
    expect(bodyOf(none).errors[0]?.field).toBe('images');
    const eleven = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '50' },
      Array.from({ length: 11 }, () => photo),
    );
    expect(eleven.statusCode).toBe(400);
    expect(bodyOf(eleven).errors[0]?.message).toBe('Add at most 10 photos to a trade.');
  });

  it('keeps the cents of a card amount: 50.50 is $50.50, valued in exact kobo (decision 043)', async () => {
    const card = await insertCard(t.db, { name: `Vanilla ${String(Math.random()).slice(2, 8)}` });
    const odd = await insertSubcategory(t.db, card.id, {
      name: 'Vanilla $10–$500',
      rateKobo: 118_055n,
      minAmount: 10,
      maxAmount: 500,
    });
    const photo = await cardPhoto(32, 20);
    const fresh = await signedInUser(t.app);
    const response = await addTrade(t.app, fresh, { subcategory_id: odd.id, amount: '50.51' }, [
      photo,
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const trade = response.json<{ data: Trade }>().data;
    // ₦1,180.55 × $50.51 = ₦59,629.5805: the nearest kobo, as the calculators show it.
    expect(trade).toMatchObject({ amount: 50.51, rate: 1180.55, expected_value: 59_629.58 });
    const {
      rows: [row],
    } = await t.db.execute<{ amount: string; expected_kobo: string }>(
      sql`select amount::text, expected_kobo::text from trades where id = ${trade.id}`,
    );
    expect(row).toEqual({ amount: '50.51', expected_kobo: '5962958' });

    const fifty = await submitTrade(t.app, fresh, subcategoryId, 50.5);
    expect(fifty).toMatchObject({ amount: 50.5, expected_value: 59_590 });
    const listed = bodyOf<Paged<Trade>>(await fetchTrades(fresh)).data.data;
    expect(listed.map((each) => each.amount).sort()).toEqual([50.5, 50.51]);
  });

  it('checks the amount against the category and names the field', async () => {
    const photo = await cardPhoto(32, 20);
    const cases = [
      ['5', 'Enter an amount from 10 to 500 USD for this category.'],
      ['501', 'Enter an amount from 10 to 500 USD for this category.'],
      ['12.505', 'Enter the card amount with at most 2 decimals, e.g. 50.50'],
      ['50,50', 'Enter the card amount'],
      ['', 'Enter the card amount'],
    ];
    for (const [amount, message] of cases) {
      const response = await addTrade(
        t.app,
        seller,
        { subcategory_id: subcategoryId, amount: amount ?? '' },
        [photo],
      );
      expect(response.statusCode, amount).toBe(400);
      expect(bodyOf(response).errors[0], amount).toEqual({ field: 'amount', message });
    }
  });

  it('refuses an unknown category, a long comment and a missing token', async () => {
    const photo = await cardPhoto(32, 20);
    const unknown = await addTrade(
      t.app,
      seller,
      { subcategory_id: '00000000-0000-4000-8000-000000000000', amount: '50' },
      [photo],
    );
    expect(unknown.statusCode).toBe(400);
    expect(bodyOf(unknown).errors[0]?.field).toBe('subcategory_id');
    const long = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '50', comment: 'x'.repeat(501) },
      [photo],
    );
    expect(long.statusCode).toBe(400);
    expect(bodyOf(long).errors[0]).toEqual({
      field: 'comment',
      message: 'Comments can be at most 500 characters',
    });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/trade/add_trade' });
    expect(anonymous.statusCode).toBe(403);
  });
});

describe('GET /trade/fetch_trade/{user_id}', () => {
  let mine: Trade[];

  beforeAll(async () => {
    const fresh = await signedInUser(t.app);
    mine = [];
    for (const amount of [10, 20, 30]) {
      t.clock.advance(60);
      mine.push(await submitTrade(t.app, fresh, subcategoryId, amount));
    }
    seller = fresh;
  });

  it('lists the user’s own trades newest first, with paging', async () => {
    const response = await fetchTrades(seller, '?page=1&size=2');
    expect(response.statusCode).toBe(200);
    const { data, meta } = bodyOf<Paged<Trade>>(response).data;
    expect(data.map((trade) => trade.amount)).toEqual([30, 20]);
    expect(meta).toEqual({ page: 1, size: 2, total: 3, totalPages: 2 });
    const second = bodyOf<Paged<Trade>>(await fetchTrades(seller, '?page=2&size=2')).data;
    expect(second.data.map((trade) => trade.amount)).toEqual([10]);
  });

  it('filters by status and Lagos date', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(
      t.clock.now(),
    );
    expect(
      bodyOf<Paged<unknown>>(await fetchTrades(seller, '?status=pending')).data.meta.total,
    ).toBe(3);
    expect(
      bodyOf<Paged<unknown>>(await fetchTrades(seller, '?status=approved')).data.meta.total,
    ).toBe(0);
    expect(
      bodyOf<Paged<unknown>>(await fetchTrades(seller, `?date_query=${today}`)).data.meta.total,
    ).toBe(3);
    expect(
      bodyOf<Paged<unknown>>(await fetchTrades(seller, `?date_query=2020-01-01,2020-01-31`)).data
        .meta.total,
    ).toBe(0);
    const bad = await fetchTrades(seller, '?date_query=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bodyOf(bad).errors[0]?.field).toBe('date_query');
    expect((await fetchTrades(seller, '?status=lost')).statusCode).toBe(400);
  });

  it('returns one trade by id, and another user’s trade as not found', async () => {
    const [first] = mine;
    const one = await fetchTrades(seller, `?trade_id=${first?.id ?? ''}`);
    expect(one.statusCode).toBe(200);
    expect(bodyOf<Trade>(one).data.id).toBe(first?.id);
    const theirs = await fetchTrades(other, `?trade_id=${first?.id ?? ''}`);
    expect(theirs.statusCode).toBe(404);
    expect((await fetchTrades(other, '', seller.user.id)).statusCode).toBe(403);
  });

  it('serves photos only through a valid, unexpired signature', async () => {
    const url = mine[0]?.images[0]?.url ?? '';
    const [path = ''] = url.split('?');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const otherImage = url.replace(/images\/[^?]+/, 'images/00000000-0000-4000-8000-000000000000');
    expect((await t.app.inject({ method: 'GET', url: otherImage })).statusCode).toBe(404);
    t.clock.advance(41 * 60);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    t.clock.advance(-41 * 60);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('POST /trade/cancel_trade/{user_id}', () => {
  it('cancels a pending trade once; another user cannot', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const cancel = (session: Session) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/trade/cancel_trade/${session.user.id}`,
        payload: { trade_id: trade.id },
        headers: { authorization: session.token },
      });
    expect((await cancel(other)).statusCode).toBe(404);
    const first = await cancel(seller);
    expect(first.statusCode).toBe(200);
    expect(bodyOf<Trade>(first).data).toMatchObject({
      status: 'cancelled',
      timeline: [{ status: 'submitted' }, { status: 'cancelled' }],
    });
    const again = await cancel(seller);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).message).toBe('This trade has already been cancelled.');
  });
});
