import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateHistory } from '@karta/shared/schemas/catalog';
import { rateChanges } from '../../db/schema/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { insertCard, insertSubcategory } from '../../../test/catalog';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-03-10T12:00:00Z'));
});
afterAll(() => t.close());

const history = (id: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/card/rate_history/${id}${query}` });

async function subcategoryWithHistory() {
  const card = await insertCard(t.db);
  const sub = await insertSubcategory(t.db, card.id, {
    rateKobo: 100000n,
    createdAt: new Date('2026-02-01T09:00:00Z'),
  });
  await t.db.insert(rateChanges).values([
    { subcategoryId: sub.id, rateKobo: 105000n, changedAt: new Date('2026-03-09T10:00:00Z') },
    { subcategoryId: sub.id, rateKobo: 108000n, changedAt: new Date('2026-03-10T07:00:00Z') },
    // Later the same Lagos day: this one is in force at the day's end.
    { subcategoryId: sub.id, rateKobo: 110000n, changedAt: new Date('2026-03-10T08:00:00Z') },
  ]);
  return sub;
}

describe('GET /card/rate_history/{subcategoryId}', () => {
  it('answers one point per Lagos day, oldest first, with change_percent', async () => {
    const sub = await subcategoryWithHistory();
    const response = await history(sub.id, '?days=3');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: RateHistory }>().data).toEqual({
      subcategory_id: sub.id,
      currency: 'USD',
      points: [
        { date: '2026-03-08', rate: 1000 },
        { date: '2026-03-09', rate: 1050 },
        { date: '2026-03-10', rate: 1100 },
      ],
      change_percent: 10,
    });
  });

  it('defaults to 30 days and refuses more than 90', async () => {
    const sub = await subcategoryWithHistory();
    const { points } = (await history(sub.id)).json<{ data: RateHistory }>().data;
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual({ date: '2026-02-09', rate: 1000 });
    expect((await history(sub.id, '?days=91')).statusCode).toBe(400);
    expect((await history(sub.id, '?days=0')).statusCode).toBe(400);
  });

  it('starts on the first day a new subcategory had a rate', async () => {
    const card = await insertCard(t.db);
    const sub = await insertSubcategory(t.db, card.id, { createdAt: t.clock.now() });
    const data = (await history(sub.id)).json<{ data: RateHistory }>().data;
    expect(data.points).toEqual([{ date: '2026-03-10', rate: 1180 }]);
    expect(data.change_percent).toBe(0);
  });

  it('answers 404 for unknown, inactive and malformed ids', async () => {
    const card = await insertCard(t.db);
    const hidden = await insertSubcategory(t.db, card.id, { active: false });
    const hiddenCard = await insertCard(t.db, { active: false });
    const underHidden = await insertSubcategory(t.db, hiddenCard.id);
    for (const id of [hidden.id, underHidden.id, '00000000-0000-4000-8000-000000000000', 'x']) {
      expect((await history(id)).statusCode).toBe(404);
    }
  });
});
