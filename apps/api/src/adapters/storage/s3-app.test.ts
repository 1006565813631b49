import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGiftCard } from '@karta/shared/schemas/catalog-admin';
import { giftCards } from '../../db/schema/catalog';
import { tradeEvents } from '../../db/schema/trade-events';
import { tradeImages } from '../../db/schema/trade-images';
import { tradeRejectionProofs } from '../../db/schema/trade-rejection-proofs';
import { trades } from '../../db/schema/trades';
import { bodyOf, signedInUser, type Session } from '../../../test/accounts';
import { insertCard, signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { startS3Emulator, type S3Emulator } from '../../../test/s3-emulator';
import {
  addTrade,
  cardPhoto,
  multipart,
  respondToTrade,
  reviewStep,
  sellerView,
  submitTrade,
  tradableSubcategory,
} from '../../../test/trades';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

/** The app configured by S3_* variables, as production is, against a real S3 API server. */
let emulator: S3Emulator;
let bucket: Storage;
let t: TestApp;
let seller: Session;
let operator: Session;
let subcategoryId: string;

beforeAll(async () => {
  emulator = await startS3Emulator();
  bucket = await createS3Storage(emulator.settings);
  t = await createTestApp({ env: emulator.env });
  seller = await signedInUser(t.app);
  operator = await signedInOperator(t.app, t.db);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
// A test that stops the store starts it again, even when it fails half-way.
afterEach(() => emulator.restart());
afterAll(async () => {
  await t.close();
  await emulator.close();
});

const STORE_DOWN =
  'We could not reach our photo storage just now, so nothing was saved. Please try again in a moment.';

const expectStoreDown = (response: { statusCode: number; body: string; headers: object }) => {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers).toMatchObject({ 'retry-after': '5' });
  expect(JSON.parse(response.body)).toEqual({
    status: 'error',
    message: STORE_DOWN,
    errors: [{ field: null, message: STORE_DOWN }],
  });
};

const rowCount = async (table: typeof trades | typeof tradeRejectionProofs) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;

const imageKeysOf = async (tradeId: string) =>
  (await t.db.select().from(tradeImages).where(eq(tradeImages.tradeId, tradeId))).map(
    (row) => row.storageKey,
  );

const cardImageKey = async (cardId: string) =>
  (await t.db.select().from(giftCards).where(eq(giftCards.id, cardId)))[0]?.imageKey ?? null;

const uploadCardImage = async (cardId: string, color: string) => {
  const png = await sharp({ create: { width: 80, height: 50, channels: 3, background: color } })
    .png()
    .toBuffer();
  const body = multipart({}, [{ name: 'card.png', type: 'image/png', bytes: png }], 'image');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/catalog/cards/${cardId}/image`,
    payload: body.payload,
    headers: { ...body.headers, authorization: operator.token },
  });
};

describe('uploads in an S3 bucket', () => {
  it('keeps a trade photo in the bucket and serves it back through its signed link', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const [key] = await imageKeysOf(trade.id);
    const stored = await bucket.get(key ?? '');
    expect(stored?.contentType).toBe('image/webp');

    const served = await t.app.inject({ method: 'GET', url: trade.images[0]?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);
  });

  it('answers 503 for a trade submitted while the store is down, and keeps no trade', async () => {
    const before = await rowCount(trades);
    await emulator.stop();
    const started = Date.now();
    const response = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '100' },
      [await cardPhoto(64, 40), await cardPhoto(64, 40)],
    );
    expectStoreDown(response);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await rowCount(trades)).toBe(before);
  });

  it('answers 503 for a photo while the store is down, and serves it once it is back', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const url = trade.images[0]?.url ?? '';
    await emulator.stop();
    expectStoreDown(await t.app.inject({ method: 'GET', url }));
    await emulator.restart();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it("leaves a seller's answer unsent when its photo cannot be stored: the question still waits", async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const asked = await reviewStep(t.app, operator, trade.id, 'request_info', {
      message: 'Please send a photo of the back of the card.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const eventsBefore = await t.db.$count(tradeEvents, eq(tradeEvents.tradeId, trade.id));

    await emulator.stop();
    const answer = await respondToTrade(t.app, seller, { trade_id: trade.id, comment: 'Here' }, [
      await cardPhoto(64, 40),
    ]);
    expectStoreDown(answer);
    expect((await sellerView(t.app, seller, trade.id)).status).toBe('info_requested');
    expect(await t.db.$count(tradeEvents, eq(tradeEvents.tradeId, trade.id))).toBe(eventsBefore);
    expect(await imageKeysOf(trade.id)).toHaveLength(1);
  });

  it('keeps no rejection proof when its image cannot be stored', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const before = await rowCount(tradeRejectionProofs);
    await emulator.stop();
    const proof = multipart({}, [await cardPhoto(64, 40)], 'image');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/trades/${trade.id}/rejection_proof`,
      payload: proof.payload,
      headers: { ...proof.headers, authorization: operator.token },
    });
    expectStoreDown(response);
    expect(await rowCount(tradeRejectionProofs)).toBe(before);
  });

  it("removes a card's replaced image from the bucket, and keeps the image when the store is down", async () => {
    const card = await insertCard(t.db);
    expect((await uploadCardImage(card.id, '#0b7a4b')).statusCode).toBe(200);
    const firstKey = (await cardImageKey(card.id)) ?? '';
    expect(await bucket.get(firstKey)).not.toBeNull();

    const replaced = await uploadCardImage(card.id, '#e8a317');
    expect(replaced.statusCode, replaced.body).toBe(200);
    const secondKey = (await cardImageKey(card.id)) ?? '';
    expect(secondKey).not.toBe(firstKey);
    expect(await bucket.get(secondKey)).not.toBeNull();
    expect(await bucket.get(firstKey)).toBeNull();

    await emulator.stop();
    expectStoreDown(await uploadCardImage(card.id, '#06492d'));
    await emulator.restart();
    expect(await cardImageKey(card.id)).toBe(secondKey);
    const url = bodyOf<AdminGiftCard>(replaced).data.img_info.url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});
