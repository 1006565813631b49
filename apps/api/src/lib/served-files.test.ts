import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards } from '../db/schema/catalog';
import { tradeImages } from '../db/schema/trade-images';
import { signedInUser } from '../../test/accounts';
import { insertCard } from '../../test/catalog';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { submitTrade, tradableSubcategory } from '../../test/trades';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a stored object that is not our WebP would look like: a page a browser would run. */
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

describe('trade photos', () => {
  async function photoUrlAndKey() {
    const session = await signedInUser(t.app);
    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, session, subcategory.id);
    const image = trade.images[0];
    const [row] = image
      ? await t.db.select().from(tradeImages).where(eq(tradeImages.id, image.id))
      : [];
    if (!image || !row) throw new Error('no photo');
    return { url: image.url, key: row.storageKey };
  }

  it('are inline, nosniff and never stored by a cache when they are our WebP', async () => {
    const { url } = await photoUrlAndKey();
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  it('are a download (attachment) when the stored type is anything else', async () => {
    const { url, key } = await photoUrlAndKey();
    await t.app.ctx.storage.put(key, HTML, 'text/html');
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('card images', () => {
  async function cardWithImage(contentType: string, bytes: Buffer) {
    const card = await insertCard(t.db);
    const key = `cards/${card.id}/test.webp`;
    await t.app.ctx.storage.put(key, bytes, contentType);
    await t.db.update(giftCards).set({ imageKey: key }).where(eq(giftCards.id, card.id));
    return `/api/v1/card/image/${card.id}.webp`;
  }

  it('are inline for our WebP and a download for anything else, always nosniff', async () => {
    const webp = await t.app.inject({
      url: await cardWithImage('image/webp', Buffer.from('RIFF')),
    });
    expect(webp.headers['content-disposition']).toBe('inline');
    expect(webp.headers['x-content-type-options']).toBe('nosniff');
    const html = await t.app.inject({ url: await cardWithImage('text/html', HTML) });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-disposition']).toBe('attachment');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });
});
