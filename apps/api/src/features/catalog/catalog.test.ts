import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GiftCard, GiftCardSubcategory } from '@karta/shared/schemas/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { insertCard, insertSubcategory } from '../../../test/catalog';

let t: TestApp;
const NAMES = [
  'Amazon',
  'Apple iTunes',
  'Steam',
  'Google Play',
  'Razer Gold',
  'Sephora',
  'Nordstrom',
  'Walmart',
  'eBay',
  'Vanilla',
  'American Express',
];
let pinned: { id: string };
let amazonId: string;
let hiddenCardId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of NAMES) {
    const card = await insertCard(t.db, { name });
    if (name === 'Amazon') amazonId = card.id;
  }
  // Sort order wins over the name: Nike comes first.
  pinned = await insertCard(t.db, { name: 'Nike', sortOrder: -1 });
  hiddenCardId = (await insertCard(t.db, { name: 'Amazon Hidden', active: false })).id;
  await insertSubcategory(t.db, amazonId, { name: 'USA physical $100–$500', sortOrder: 1 });
  await insertSubcategory(t.db, amazonId, {
    name: 'UK e-code',
    currency: 'GBP',
    rateKobo: 145055n,
  });
  await insertSubcategory(t.db, amazonId, { name: 'USA e-code', sortOrder: 2 });
  await insertSubcategory(t.db, amazonId, { name: 'UK physical', active: false });
  await insertSubcategory(t.db, hiddenCardId, { name: 'UK physical' });
});
afterAll(() => t.close());

interface Page<T> {
  data: T[];
  meta: { page: number; size: number; total: number; totalPages: number };
}
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/card${url}` });
const pageOf = async <T>(url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Page<T> }>().data;
};

describe('GET /card/admin_get_gift_card', () => {
  it('pages active cards by sort order then name, size 10 by default', async () => {
    const first = await pageOf<GiftCard>('/admin_get_gift_card?page=1&size=10');
    expect(first.meta).toEqual({ page: 1, size: 10, total: 12, totalPages: 2 });
    expect(first.data.map((card) => card.name).slice(0, 3)).toEqual([
      'Nike',
      'Amazon',
      'American Express',
    ]);
    expect(first.data[0]).toEqual({
      id: pinned.id,
      name: 'Nike',
      img_info: { url: `/api/v1/card/art/${pinned.id}.svg` },
    });
    const second = await pageOf<GiftCard>('/admin_get_gift_card?page=2');
    expect(second.meta).toEqual({ page: 2, size: 10, total: 12, totalPages: 2 });
    expect(second.data).toHaveLength(2);
    const beyond = await pageOf<GiftCard>('/admin_get_gift_card?page=5&size=5');
    expect(beyond).toEqual({ data: [], meta: { page: 5, size: 5, total: 12, totalPages: 3 } });
  });

  it('searches trimmed, case-insensitive, partial, without paging, hiding inactive cards', async () => {
    const found = await pageOf<GiftCard>('/admin_get_gift_card?card_name=%20%20aMaZ%20');
    expect(found.data.map((card) => card.name)).toEqual(['Amazon']);
    expect(found.meta).toEqual({ page: 1, size: 1, total: 1, totalPages: 1 });
    const many = await pageOf<GiftCard>('/admin_get_gift_card?card_name=E&page=2&size=1');
    expect(many.data.length).toBeGreaterThan(5);
    expect(many.meta).toMatchObject({ page: 1, size: many.data.length, totalPages: 1 });
    // Wildcards are text, not patterns.
    expect((await pageOf<GiftCard>('/admin_get_gift_card?card_name=%25')).data).toEqual([]);
    // A blank search is the plain listing.
    const blank = await pageOf<GiftCard>('/admin_get_gift_card?card_name=%20');
    expect(blank.meta.total).toBe(12);
  });

  it('counts cards changed behind its back again after at most 10 seconds', async () => {
    const before = (await pageOf<GiftCard>('/admin_get_gift_card')).meta.total;
    await insertCard(t.db, { name: 'Zzz Late Arrival' });
    expect((await pageOf<GiftCard>('/admin_get_gift_card')).meta.total).toBe(before);
    t.clock.advance(10);
    expect((await pageOf<GiftCard>('/admin_get_gift_card')).meta.total).toBe(before + 1);
  });

  it('refuses bad paging', async () => {
    expect((await get('/admin_get_gift_card?size=51')).statusCode).toBe(400);
    expect((await get('/admin_get_gift_card?page=0')).statusCode).toBe(400);
  });
});

describe('GET /card/get_gift_card_category/{catId}', () => {
  it("pages a card's active subcategories with naira rates", async () => {
    const first = await pageOf<GiftCardSubcategory>(
      `/get_gift_card_category/${amazonId}?device=web&page=1&size=2`,
    );
    expect(first.meta).toEqual({ page: 1, size: 2, total: 3, totalPages: 2 });
    expect(first.data.map((sub) => sub.name)).toEqual(['UK e-code', 'USA physical $100–$500']);
    expect(first.data[0]).toEqual({
      id: expect.any(String) as string,
      name: 'UK e-code',
      rate: 1450.55,
      currency: 'GBP',
      min_amount: 10,
      max_amount: 500,
    });
    const second = await pageOf<GiftCardSubcategory>(
      `/get_gift_card_category/${amazonId}?device=web&page=2&size=2`,
    );
    expect(second.data.map((sub) => sub.name)).toEqual(['USA e-code']);
    // No row carries the total past the end (decision 047's one statement): it is counted apart.
    const past = await pageOf<GiftCardSubcategory>(
      `/get_gift_card_category/${amazonId}?device=web&page=3&size=2`,
    );
    expect(past).toEqual({ data: [], meta: { page: 3, size: 2, total: 3, totalPages: 2 } });
    const bare = await insertCard(t.db, { name: 'Bare card' });
    expect(await pageOf(`/get_gift_card_category/${bare.id}?device=web`)).toEqual({
      data: [],
      meta: { page: 1, size: 10, total: 0, totalPages: 0 },
    });
  });

  it('searches card_category_name trimmed and case-insensitive, inactive hidden', async () => {
    const found = await pageOf<GiftCardSubcategory>(
      `/get_gift_card_category/${amazonId}?device=web&card_category_name=%20uK%20`,
    );
    expect(found.data.map((sub) => sub.name)).toEqual(['UK e-code']);
    expect(found.meta).toEqual({ page: 1, size: 1, total: 1, totalPages: 1 });
  });

  it('answers 404 for unknown, inactive or malformed card ids', async () => {
    // An inactive card's listed subcategories stay hidden with it.
    await insertSubcategory(t.db, hiddenCardId, { name: 'USA e-code' });
    for (const catId of [hiddenCardId, '00000000-0000-4000-8000-000000000000', 'abc']) {
      const response = await get(`/get_gift_card_category/${catId}?device=web`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        status: 'error',
        message: 'We could not find this gift card.',
      });
    }
    expect((await get(`/get_gift_card_category/${amazonId}?device=tv`)).statusCode).toBe(400);
  });
});

describe('GET /card/art/{id}.svg', () => {
  it("serves the card's own SVG with cache and nosniff headers", async () => {
    const response = await get(`/art/${amazonId}.svg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toContain('max-age=');
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(response.body).toContain('>Amazon</text>');
    expect(response.body).toContain('fill="#ff9900"');
  });

  it('escapes the name and answers 404 for anything else', async () => {
    const card = await insertCard(t.db, { name: '<script>"x"&', active: false });
    const response = await get(`/art/${card.id}.svg`);
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('&#60;script&#62;&#34;x&#34;&#38;');
    expect((await get('/art/00000000-0000-4000-8000-000000000000.svg')).statusCode).toBe(404);
    expect((await get(`/art/${amazonId}.png`)).statusCode).toBe(404);
    expect((await get('/art/..%2F..%2Fetc.svg')).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the public and operator catalog calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/card/admin_get_gift_card',
        '/api/v1/card/get_gift_card_category/{catId}',
        '/api/v1/card/rate_history/{subcategoryId}',
        '/api/v1/admin/catalog/subcategories/{id}',
        '/api/v1/admin/catalog/rates',
      ]),
    );
  });
});
