import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRateSheet, RATE_SHEET_EXAMPLE_LINE } from '@karta/shared/rate-sheet';
import { signedInOperator } from '../../../test/catalog';
import type { GiftCard, GiftCardSubcategory, RateHistory } from '@karta/shared/schemas/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { seedCatalog, walkRateHistory } from './catalog-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getData = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/card${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

describe('the rate-sheet paste dialog’s example', () => {
  it('names a subcategory of the seeded catalog, so an operator who tries it sees it match', async () => {
    await seedCatalog(t.app.ctx);
    const operator = await signedInOperator(t.app, t.db);
    const { rates, problems } = parseRateSheet(RATE_SHEET_EXAMPLE_LINE);
    expect(problems).toEqual([]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/rates/match',
      headers: { authorization: operator.token },
      payload: { keys: rates.map((rate) => rate.key) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { label: string }[] }>().data).toMatchObject([
      { label: 'Amazon / USA physical $100–$500' },
    ]);
  });
});

describe('seedCatalog', () => {
  it('seeds at least 20 cards once, each with 2–6 subcategories and 30 days of history', async () => {
    await seedCatalog(t.app.ctx);
    await seedCatalog(t.app.ctx);
    const cards = await getData<{ data: GiftCard[]; meta: { total: number } }>(
      '/admin_get_gift_card?size=50',
    );
    expect(cards.meta.total).toBeGreaterThanOrEqual(20);
    expect(cards.data[0]?.name).toBe('Amazon');
    for (const card of cards.data) {
      const subs = await getData<{ data: GiftCardSubcategory[] }>(
        `/get_gift_card_category/${card.id}?device=web&size=50`,
      );
      expect(subs.data.length).toBeGreaterThanOrEqual(2);
      expect(subs.data.length).toBeLessThanOrEqual(6);
    }
    const amazon = await getData<{ data: GiftCardSubcategory[] }>(
      `/get_gift_card_category/${cards.data[0]?.id ?? ''}?device=web`,
    );
    const usa = amazon.data[0];
    expect(usa).toMatchObject({ name: 'USA physical $100–$500', rate: 1180, currency: 'USD' });
    const history = await getData<RateHistory>(`/rate_history/${usa?.id ?? ''}`);
    expect(history.points).toHaveLength(30);
    expect(history.points.at(-1)?.rate).toBe(1180);
    expect(new Set(history.points.map((point) => point.rate)).size).toBeGreaterThan(5);
  });

  it('walks gently and deterministically to today’s rate', () => {
    const walk = walkRateHistory('amazon/USA e-code', 1050);
    expect(walk).toEqual(walkRateHistory('amazon/USA e-code', 1050));
    expect(walk).toHaveLength(30);
    expect(walk.at(-1)).toBe(105000n);
    for (const rate of walk) {
      expect(rate % 100n).toBe(0n);
      expect(rate > 90000n && rate < 120000n).toBe(true);
    }
  });
});
