import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trade } from '@karta/shared/schemas/trades';
import { bodyOf, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { databaseFingerprint } from '../../../test/database-fingerprint';
import { heicDeclaring, heicOverlay, jpegDeclaring, pngDeclaring } from '../../../test/pixel-bombs';
import { peakGrowthMb } from '../../../test/peak-memory';
import {
  addTrade,
  multipart,
  respondToTrade,
  reviewStep,
  submitTrade,
  tradableSubcategory,
} from '../../../test/trades';

/*
 * Security finding (outside test): a 23 kB HEIC declaring 10000 × 10000 pixels was decoded
 * whole before the 50-megapixel check (the server's RSS 150 MB → 1.29 GB for 4 s), on the
 * event loop (/healthz waited 1.7 s with three at once). The photos here are made from the
 * card-photo fixture (test/pixel-bombs.ts): files of under 3 kB that decode to real pictures of
 * the size they declare, or that declare one size and draw another.
 */

let t: TestApp;
let seller: Session;
let operator: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInUser(t.app);
  operator = await signedInOperator(t.app, t.db);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
  // A first HEIC photo loads sharp, file-type and the decoder (imports that hold the event loop
  // once, and memory that stays): neither a refusal nor a decode below may be charged for them.
  const fixture = readFileSync(new URL('../../../test/fixtures/card-photo.heic', import.meta.url));
  const first = await addTrade(t.app, seller, { subcategory_id: subcategoryId, amount: '40' }, [
    heic(fixture),
  ]);
  expect(first.statusCode, first.body).toBe(201);
});
afterAll(() => t.close());

const TOO_MANY_PIXELS = 'A photo is too large. Upload photos of at most 50 megapixels.';
/** Named as an iPhone names a photo; the server goes by the bytes, whatever they are. */
const heic = (bytes: Buffer) => ({ name: 'IMG_0001.HEIC', type: 'image/heic', bytes });

/**
 * What a refused photo may cost the process: the request's bytes (a few kB here), parsing, and
 * what the JavaScript heap grows by before it collects. The smallest of these pictures is
 * 400 MB once decoded (10000 × 10000 RGBA), so anything that decodes it is far above 100 MB.
 */
const REFUSED_PHOTO_MB = 100;

const expectTooManyPixels = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(bodyOf(response)).toEqual({
    status: 'error',
    message: TOO_MANY_PIXELS,
    errors: [{ field: 'images', message: TOO_MANY_PIXELS }],
  });
};

describe('a photo of more than 50 megapixels is refused before it is decoded', () => {
  it.each([
    ['a 10000 × 10000 overlay (400 MB decoded)', () => heicOverlay(10_000, 10_000)],
    ['a 20000 × 20000 overlay (1.6 GB decoded)', () => heicOverlay(20_000, 20_000)],
    [
      'an overlay whose ispe says 96 × 64 but whose canvas is 10000 × 10000',
      () => heicOverlay(10_000, 10_000, { width: 96, height: 64 }),
    ],
    ['a picture whose ispe declares 10000 × 10000', () => heicDeclaring(10_000, 10_000)],
    // sharp reads these sizes from the header and refuses (limitInputPixels) before decoding.
    ['a PNG whose header says 20000 × 20000', () => pngDeclaring(20_000, 20_000)],
    ['a JPEG whose header says 20000 × 20000', () => jpegDeclaring(20_000, 20_000)],
  ])('add_trade: %s', async (_name, photo) => {
    const bytes = await photo();
    expect(bytes.length).toBeLessThan(3000);
    const before = await databaseFingerprint(t.db);
    const { result, mb } = await peakGrowthMb(() =>
      addTrade(t.app, seller, { subcategory_id: subcategoryId, amount: '40' }, [heic(bytes)]),
    );
    expectTooManyPixels(result);
    expect(mb, `peak RSS grew by ${String(mb)} MB`).toBeLessThan(REFUSED_PHOTO_MB);
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it('respond_trade and a rejection proof, which re-encode photos the same way', async () => {
    const asked = await submitTrade(t.app, seller, subcategoryId);
    const question = await reviewStep(t.app, operator, asked.id, 'request_info', {
      message: 'Please send the back of the card.',
    });
    expect(question.statusCode, question.body).toBe(200);
    const pending = await submitTrade(t.app, seller, subcategoryId);
    const before = await databaseFingerprint(t.db);

    const answer = await peakGrowthMb(() =>
      respondToTrade(t.app, seller, { trade_id: asked.id, comment: 'Here it is' }, [
        heic(heicOverlay(10_000, 10_000)),
      ]),
    );
    expectTooManyPixels(answer.result);
    expect(answer.mb, `peak RSS grew by ${String(answer.mb)} MB`).toBeLessThan(REFUSED_PHOTO_MB);

    const body = multipart({}, [heic(heicOverlay(10_000, 10_000))], 'image');
    const proof = await peakGrowthMb(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/trades/${pending.id}/rejection_proof`,
        payload: body.payload,
        headers: { ...body.headers, authorization: operator.token },
      }),
    );
    expectTooManyPixels(proof.result);
    expect(proof.mb, `peak RSS grew by ${String(proof.mb)} MB`).toBeLessThan(REFUSED_PHOTO_MB);
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });
});

describe('a HEIC photo within the limit is decoded off the event loop', () => {
  it('the event loop (and /healthz) stays prompt while a 49-megapixel photo is decoded', async () => {
    // A request arriving while the loop is held waits as long as the hold: the longest delay the
    // loop sees is the longest a /healthz would wait. Before the fix, decoding this photo held
    // the loop for about 2 s.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const uploading = { done: false };
    const upload = addTrade(t.app, seller, { subcategory_id: subcategoryId, amount: '40' }, [
      heic(heicOverlay(7000, 7000)),
    ]).finally(() => {
      uploading.done = true;
    });
    while (!uploading.done) {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const response = await upload;
    delay.disable();
    expect(response.statusCode, response.body).toBe(201);
    expect(bodyOf<Trade>(response).data.images[0]).toMatchObject({ width: 2400, height: 2400 });
    const longestMs = Math.round(delay.max / 1e6);
    expect(longestMs, `the event loop was held for ${String(longestMs)} ms`).toBeLessThan(750);
  });
});
