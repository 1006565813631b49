import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGiftCard } from '@karta/shared/schemas/catalog-admin';
import type { GiftCard } from '@karta/shared/schemas/catalog';
import { auditLog } from '../../db/schema/audit-log';
import { signedInUser, type Session } from '../../../test/accounts';
import { insertCard, signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { peakGrowthMb } from '../../../test/peak-memory';
import { heicOverlay, jpegDeclaring, pngDeclaring } from '../../../test/pixel-bombs';
import { streamedMultipart } from '../../../test/trades';
import { CARD_IMAGE_MAX_BYTES } from './card-image';

let t: TestApp;
let operator: Session;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
});
afterAll(() => t.close());

interface UploadFile {
  bytes: Buffer;
  name: string;
  type: string;
  field?: string;
}

/** A real multipart/form-data body, serialised the way a browser's FormData is. */
async function upload(cardId: string, file: UploadFile, session = operator) {
  const form = new FormData();
  form.append(file.field ?? 'image', new Blob([file.bytes], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/catalog/cards/${cardId}/image`,
    headers: {
      authorization: session.token,
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f7d5b' } }).withMetadata({
    exif: { IFD0: { Copyright: 'x' } },
  });

const publicCard = async (name: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/card/admin_get_gift_card?card_name=${encodeURIComponent(name)}`,
  });
  return response.json<{ data: { data: GiftCard[] } }>().data.data[0];
};

const imageRowsFor = (cardId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, cardId))
    .orderBy(auditLog.createdAt)
    .then((rows) => rows.filter((row) => row.action === 'catalog.card.image'));

const REFUSED = 'Upload a JPEG, PNG or WebP image.';
const TOO_LARGE = 'The image is too large. Upload one of at most 2 MB.';
const IMAGE_URL = /^\/api\/v1\/card\/image\/([0-9a-f-]{36})\.webp\?v=[0-9a-f]{12}$/;

describe('POST /admin/catalog/cards/:id/image', () => {
  it('re-encodes a PNG as WebP within 800×500, without its EXIF, and serves it', async () => {
    const card = await insertCard(t.db, { name: `Upload ${randomUUID()}` });
    const png = await photo(1200, 900).png().toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();

    const response = await upload(card.id, { bytes: png, name: 'card.png', type: 'image/png' });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ data: AdminGiftCard }>().data;
    expect(updated.img_info.url).toMatch(IMAGE_URL);
    expect(updated.img_info.url).toContain(card.id);
    expect((await publicCard(card.name))?.img_info.url).toBe(updated.img_info.url);

    const served = await t.app.inject({ method: 'GET', url: updated.img_info.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 667, height: 500 });
    expect(meta.exif).toBeUndefined();

    const [audit] = await imageRowsFor(card.id);
    expect(audit).toMatchObject({ actorUserId: operator.user.id, targetType: 'gift_card' });
    expect(audit?.before).toEqual({ image_key: null });
    const { image_key: imageKey } = audit?.after as { image_key: string };
    expect(imageKey).toMatch(new RegExp(`^cards/${card.id}/[0-9a-f]{32}\\.webp$`));
  });

  it('replaces the image with a JPEG: a new URL, the old one no longer cached for good', async () => {
    const card = await insertCard(t.db, { name: `Replace ${randomUUID()}` });
    const first = await upload(card.id, {
      bytes: await photo(400, 250).png().toBuffer(),
      name: 'a.png',
      type: 'image/png',
    });
    const firstUrl = first.json<{ data: AdminGiftCard }>().data.img_info.url;
    // A small JPEG is not enlarged; its declared type and name do not matter.
    const jpeg = await photo(320, 200).jpeg().toBuffer();
    const second = await upload(card.id, { bytes: jpeg, name: 'photo', type: 'text/plain' });
    expect(second.statusCode, second.body).toBe(200);
    const secondUrl = second.json<{ data: AdminGiftCard }>().data.img_info.url;
    expect(secondUrl).toMatch(IMAGE_URL);
    expect(secondUrl).not.toBe(firstUrl);

    const served = await t.app.inject({ method: 'GET', url: secondUrl });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 200 });
    expect(meta.exif).toBeUndefined();
    const stale = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).not.toContain('immutable');

    const rows = await imageRowsFor(card.id);
    expect(rows).toHaveLength(2);
    const firstKey = (rows[0]?.after as { image_key: string }).image_key;
    expect(rows[1]?.before).toEqual({ image_key: firstKey });
    // No card shows the first image any more: it is gone from storage, the new one is there.
    expect(await t.app.ctx.storage.get(firstKey)).toBeNull();
    const secondKey = (rows[1]?.after as { image_key: string }).image_key;
    expect(await t.app.ctx.storage.get(secondKey)).not.toBeNull();
  });

  it('accepts a WebP, and files above the 1 MB JSON body limit up to 2 MB', async () => {
    const card = await insertCard(t.db);
    const noise = await sharp(randomBytes(720 * 720 * 3), {
      raw: { width: 720, height: 720, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1_048_576);
    expect(noise.length).toBeLessThan(2 * 1024 * 1024);
    const big = await upload(card.id, { bytes: noise, name: 'noise.png', type: 'image/png' });
    expect(big.statusCode, big.body).toBe(200);
    const webp = await photo(100, 100).webp().toBuffer();
    const small = await upload(card.id, { bytes: webp, name: 'x.webp', type: 'image/webp' });
    expect(small.statusCode, small.body).toBe(200);
  });

  it('refuses anything that is not JPEG, PNG or WebP by its bytes, whatever its name', async () => {
    const card = await insertCard(t.db);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const gif = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#000000' },
    })
      .gif()
      .toBuffer();
    const files: UploadFile[] = [
      { bytes: svg, name: 'card.png', type: 'image/png' },
      { bytes: svg, name: 'card.svg', type: 'image/svg+xml' },
      { bytes: html, name: 'card.png', type: 'image/png' },
      { bytes: Buffer.from('just some text'), name: 'card.jpg', type: 'image/jpeg' },
      { bytes: gif, name: 'card.png', type: 'image/png' },
    ];
    for (const file of files) {
      const response = await upload(card.id, file);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json()).toEqual({
        status: 'error',
        message: REFUSED,
        errors: [{ field: 'image', message: REFUSED }],
      });
    }
    expect((await publicCard(card.name))?.img_info.url).toBe(`/api/v1/card/art/${card.id}.svg`);
    expect(await imageRowsFor(card.id)).toHaveLength(0);
  });

  it('refuses a broken image and one of more than 4000×4000 pixels', async () => {
    const card = await insertCard(t.db);
    const png = await photo(50, 50).png().toBuffer();
    const broken = await upload(card.id, {
      bytes: png.subarray(0, 60),
      name: 'a.png',
      type: 'image/png',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ message: string }>().message).toContain('could not read');

    const huge = await sharp({
      create: { width: 4001, height: 4000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const refused = await upload(card.id, { bytes: huge, name: 'a.png', type: 'image/png' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('4000 × 4000');
  });

  it('refuses images declaring 20000 × 20000 before decoding them, and a HEIC by its type', async () => {
    const card = await insertCard(t.db);
    const warm = await upload(card.id, {
      bytes: await photo(10, 10).png().toBuffer(),
      name: 'a.png',
      type: 'image/png',
    });
    expect(warm.statusCode, warm.body).toBe(200);
    for (const bytes of [pngDeclaring(20_000, 20_000), await jpegDeclaring(20_000, 20_000)]) {
      // 20000 × 20000 is 1.2 GB decoded; a refusal costs the request and little else.
      const { result, mb } = await peakGrowthMb(() =>
        upload(card.id, { bytes, name: 'a.png', type: 'image/png' }),
      );
      expect(result.statusCode, result.body).toBe(400);
      expect(result.json<{ message: string }>().message).toContain('4000 × 4000');
      expect(mb, `peak RSS grew by ${String(mb)} MB`).toBeLessThan(100);
    }
    const heic = await upload(card.id, {
      bytes: heicOverlay(10_000, 10_000),
      name: 'IMG_0001.HEIC',
      type: 'image/heic',
    });
    expect(heic.statusCode).toBe(400);
    expect(heic.json<{ message: string }>().message).toBe(REFUSED);
    expect(await imageRowsFor(card.id)).toHaveLength(1);
  });

  it('answers 413 with the envelope above 2 MB', async () => {
    const card = await insertCard(t.db);
    const bytes = Buffer.concat([
      await photo(10, 10).png().toBuffer(),
      randomBytes(2 * 1024 * 1024),
    ]);
    const response = await upload(card.id, { bytes, name: 'big.png', type: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'The image is too large. Upload one of at most 2 MB.',
      errors: [{ field: 'image' }],
    });
  });

  it('answers 413 to every upload over 2 MB in a row, however its bytes arrive, and keeps the image', async () => {
    const card = await insertCard(t.db);
    const kept = await upload(card.id, {
      bytes: await photo(40, 25).png().toBuffer(),
      name: 'a.png',
      type: 'image/png',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const keptUrl = kept.json<{ data: AdminGiftCard }>().data.img_info.url;
    const png = await photo(10, 10).png().toBuffer();
    // Sent in 64 KiB pieces, as a browser or curl sends a file: a piece ends exactly at 2 MiB.
    // Before the fix each of these was a 200 with the image cut to its first 2 MiB (still a PNG).
    for (const over of [1, 1, 1, 1024, 8 * 1024 * 1024]) {
      const bytes = Buffer.concat([png, randomBytes(CARD_IMAGE_MAX_BYTES - png.length + over)]);
      const body = streamedMultipart({}, [{ name: 'big.png', type: 'image/png', bytes }], 'image');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/catalog/cards/${card.id}/image`,
        headers: { ...body.headers, authorization: operator.token },
        payload: body.payload(),
      });
      expect(response.statusCode, `2 MiB + ${String(over)} bytes: ${response.body}`).toBe(413);
      expect(response.json()).toEqual({
        status: 'error',
        message: TOO_LARGE,
        errors: [{ field: 'image', message: TOO_LARGE }],
      });
    }
    expect((await publicCard(card.name))?.img_info.url).toBe(keptUrl);
    expect(await imageRowsFor(card.id)).toHaveLength(1);
  });

  it('wants the file in the field "image", sent as multipart', async () => {
    const card = await insertCard(t.db);
    const png = await photo(10, 10).png().toBuffer();
    const wrongField = await upload(card.id, {
      bytes: png,
      name: 'a.png',
      type: 'image/png',
      field: 'file',
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ message: 'Choose an image to upload.' });
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/catalog/cards/${card.id}/image`,
      headers: { authorization: operator.token },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ status: 'error' });
  });

  it('answers 400 to an upload cut off before its end, and keeps the card as it was', async () => {
    const card = await insertCard(t.db);
    const form = new FormData();
    const png = await photo(10, 10).png().toBuffer();
    form.append('image', new Blob([png], { type: 'image/png' }), 'a.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const whole = Buffer.from(await request.arrayBuffer());
    for (const payload of [
      whole.subarray(0, whole.length / 2),
      whole.subarray(0, whole.length - 8),
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/catalog/cards/${card.id}/image`,
        headers: {
          authorization: operator.token,
          'content-type': request.headers.get('content-type') ?? '',
        },
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/ended before it was complete/);
    }
    expect(await imageRowsFor(card.id)).toHaveLength(0);
  });

  it('is for operators only (403) and answers 404 for an unknown card', async () => {
    const card = await insertCard(t.db);
    const file = { bytes: await photo(10, 10).png().toBuffer(), name: 'a.png', type: 'image/png' };
    const user = await signedInUser(t.app);
    const forbidden = await upload(card.id, file, user);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: 'This needs an operator account.' });
    expect(await imageRowsFor(card.id)).toHaveLength(0);

    for (const id of [randomUUID(), 'not-a-card']) {
      const missing = await upload(id, file);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'We could not find this gift card.' });
    }
  });
});

describe('GET /card/image/:file', () => {
  it('answers 404 for a card without an uploaded image, an unknown card or a bad name', async () => {
    const card = await insertCard(t.db);
    for (const file of [`${card.id}.webp`, `${randomUUID()}.webp`, '..%2F..%2Fetc%2Fpasswd']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/card/image/${file}` });
      expect(response.statusCode, file).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error' });
    }
  });
});
