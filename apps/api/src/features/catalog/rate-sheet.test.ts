import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRateSheet, parseRateSheet } from '@karta/shared/rate-sheet';
import type { RateSheetEntry, RateSheetRow } from '@karta/shared/schemas/rate-sheet';
import { auditLog } from '../../db/schema/audit-log';
import { rateChanges } from '../../db/schema/catalog';
import { signedInUser, type Session } from '../../../test/accounts';
import { insertCard, insertSubcategory, signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

let t: TestApp;
let operator: Session;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-03-10T12:00:00Z'));
  operator = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ngozi' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, session = operator) =>
  t.app.inject({
    method,
    url: `/api/v1/admin/catalog${url}`,
    headers: { authorization: session.token },
    ...(payload ? { payload } : {}),
  });

interface SheetPage {
  data: RateSheetRow[];
  meta: { page: number; size: number; total: number; totalPages: number };
}
const sheetPage = async (query: string) => {
  const response = await call('GET', `/rates?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SheetPage }>().data;
};

/** Two cards of a name no other test uses: one on sale with three subcategories, one hidden. */
async function sheetCards(prefix: string) {
  const card = await insertCard(t.db, { name: `${prefix} Shop`, sortOrder: 1 });
  const usd = await insertSubcategory(t.db, card.id, { name: 'USA', sortOrder: 1 });
  const gbp = await insertSubcategory(t.db, card.id, {
    name: 'UK, e-code',
    currency: 'GBP',
    rateKobo: 150000n,
    sortOrder: 2,
  });
  const off = await insertSubcategory(t.db, card.id, { name: 'EU', active: false, sortOrder: 3 });
  const hidden = await insertCard(t.db, { name: `${prefix} Vault`, active: false, sortOrder: 2 });
  const underHidden = await insertSubcategory(t.db, hidden.id, { name: 'USA' });
  return { card, usd, gbp, off, underHidden };
}

describe('who may read the rate sheet', () => {
  it('refuses users and callers without a token (403), lets operators and admins in', async () => {
    const user = await signedInUser(t.app);
    for (const url of ['/rates', '/rates/export']) {
      expect((await call('GET', url, undefined, user)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/admin/catalog${url}` });
      expect(anonymous.statusCode).toBe(403);
    }
    expect((await call('POST', '/rates/match', { keys: ['x'] }, user)).statusCode).toBe(403);
    const admin = await signedInOperator(t.app, t.db, 'admin');
    expect((await call('GET', '/rates', undefined, admin)).statusCode).toBe(200);
  });
});

describe('GET /admin/catalog/rates', () => {
  it('pages the sheet in catalog order and filters by card, currency and active', async () => {
    const { usd, gbp, off, underHidden } = await sheetCards('Paging');
    const first = await sheetPage('card=paging&size=3');
    expect(first.meta).toEqual({ page: 1, size: 3, total: 4, totalPages: 2 });
    expect(first.data.map((row) => row.id)).toEqual([usd.id, gbp.id, off.id]);
    expect((await sheetPage('card=PAGING&size=3&page=2')).data.map((r) => r.id)).toEqual([
      underHidden.id,
    ]);
    const pounds = await sheetPage('card=paging&currency=gbp');
    expect(pounds.data.map((row) => row.id)).toEqual([gbp.id]);
    expect(pounds.data[0]).toMatchObject({
      label: 'Paging Shop / UK, e-code',
      card_name: 'Paging Shop',
      name: 'UK, e-code',
      currency: 'GBP',
      rate: 1500,
      min_amount: 10,
      max_amount: 500,
      active: true,
    });
    // On sale means the subcategory and its card both are.
    const inactive = await sheetPage('card=paging&active=false');
    expect(inactive.data.map((row) => row.id)).toEqual([off.id, underHidden.id]);
    expect((await sheetPage('card=paging&active=true')).data.map((r) => r.id)).toEqual([
      usd.id,
      gbp.id,
    ]);
  });

  it('reads on after a row (keyset) in the same order as the pages, within and across cards', async () => {
    const { usd, gbp, off, underHidden } = await sheetCards('Keyset');
    const order = [usd.id, gbp.id, off.id, underHidden.id];
    const everyPage = await sheetPage('card=keyset&size=50');
    expect(everyPage.data.map((row) => row.id)).toEqual(order);
    // Each row's successors, two at a time: the rest of its card, then the next card's rows.
    for (const [index, id] of order.entries()) {
      const next = await sheetPage(`card=keyset&size=2&page=2&after=${id}`);
      expect(
        next.data.map((row) => row.id),
        `after row ${String(index)}`,
      ).toEqual(order.slice(index + 1, index + 3));
      expect(next.meta).toEqual({ page: 2, size: 2, total: 4, totalPages: 2 });
    }
    // The filters hold after a row as on a page.
    const pounds = await sheetPage(`card=keyset&currency=GBP&after=${usd.id}`);
    expect(pounds.data.map((row) => row.id)).toEqual([gbp.id]);
  });

  it('refuses an after that is no row of the sheet', async () => {
    for (const [after, status] of [
      ['not-an-id', 400],
      ['00000000-0000-4000-8000-000000000000', 400],
    ] as const) {
      const response = await call('GET', `/rates?after=${after}`);
      expect(response.statusCode, after).toBe(status);
      expect(response.json()).toMatchObject({
        errors: [{ field: 'after', message: 'after must be the id of a row of the sheet' }],
      });
    }
  });

  it('refuses bad filters and pages larger than 50 with a clear error', async () => {
    for (const [query, field, message] of [
      ['size=51', 'size', 'size can be at most 50'],
      ['currency=us', 'currency', 'currency must be an ISO code such as USD'],
      ['active=maybe', 'active', 'active must be true or false'],
    ] as const) {
      const response = await call('GET', `/rates?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ field, message }] });
    }
  });

  it('shows who changed a rate last, and when, and the 30 closing rates', async () => {
    const { usd, gbp } = await sheetCards('History');
    await t.db
      .update(rateChanges)
      .set({ changedAt: new Date('2026-03-01T09:00:00Z') })
      .where(eq(rateChanges.subcategoryId, usd.id));
    const published = await call('POST', '/rates', { rates: [{ id: usd.id, rate: '1250.50' }] });
    expect(published.statusCode, published.body).toBe(200);

    const [row, untouched] = (await sheetPage('card=history')).data;
    expect(row).toMatchObject({
      id: usd.id,
      rate: 1250.5,
      last_change: { by: 'Ngozi Eze', at: '2026-03-10T12:00:00.000Z' },
    });
    expect(row?.closing_rates).toHaveLength(30);
    // 30 Lagos days ending 10 March: 9 Feb … 10 March. The rate began on 1 March.
    expect(row?.closing_rates.slice(0, 20)).toEqual(Array(20).fill(null));
    expect(row?.closing_rates.slice(20, 29)).toEqual(Array(9).fill(1180));
    expect(row?.closing_rates[29]).toBe(1250.5);
    // Seeded straight into the database: no person made that change.
    expect(untouched).toMatchObject({ id: gbp.id, last_change: { by: null } });

    const history = await t.db
      .select()
      .from(rateChanges)
      .where(eq(rateChanges.subcategoryId, usd.id));
    expect(history.map((h) => [h.rateKobo, h.changedByUserId])).toEqual([
      [118000n, null],
      [125050n, operator.user.id],
    ]);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, usd.id), eq(auditLog.action, 'catalog.subcategory.rate')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ before: { rate: 1180 }, after: { rate: 1250.5 } });
  });
});

describe('POST /admin/catalog/rates/match and GET /admin/catalog/rates/export', () => {
  it('finds the rows a paste names by label in any case or by id, and nothing else', async () => {
    const { usd, gbp } = await sheetCards('Match');
    const response = await call('POST', '/rates/match', {
      keys: ['match shop /  usa', gbp.id, 'Match Shop / Nowhere'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: RateSheetEntry[] }>().data).toEqual([
      { id: usd.id, label: 'Match Shop / USA', currency: 'USD', rate: 1180 },
      { id: gbp.id, label: 'Match Shop / UK, e-code', currency: 'GBP', rate: 1500 },
    ]);
    expect((await call('POST', '/rates/match', { keys: [] })).statusCode).toBe(400);
  });

  it('finds a row whose name has an en dash when the paste types a hyphen, spaced or not', async () => {
    const card = await insertCard(t.db, { name: 'Dash Shop', sortOrder: 1 });
    const ranged = await insertSubcategory(t.db, card.id, { name: 'USA $100–$500' });
    for (const key of ['Dash Shop / USA $100-$500', 'dash shop / usa $100 - $500']) {
      const response = await call('POST', '/rates/match', { keys: [key] });
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response.json<{ data: RateSheetEntry[] }>().data.map((entry) => entry.id),
        key,
      ).toEqual([ranged.id]);
    }
  });

  it('exports the filtered sheet as CSV that reads back to the same rates', async () => {
    await sheetCards('Export');
    const response = await call('GET', '/rates/export?card=export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body).toBe(
      [
        'subcategory,rate',
        'Export Shop / USA,1180.00',
        '"Export Shop / UK, e-code",1500.00',
        'Export Shop / EU,1180.00',
        'Export Vault / USA,1180.00',
        '',
      ].join('\r\n'),
    );
    const { rates, problems } = parseRateSheet(response.body);
    expect(problems).toEqual([]);
    const matched = await call('POST', '/rates/match', { keys: rates.map((r) => r.key) });
    const entries = matched.json<{ data: RateSheetEntry[] }>().data;
    const { draft } = matchRateSheet(rates, entries);
    expect(draft.size).toBe(4);
    for (const entry of entries) expect(draft.get(entry.id)).toBe(BigInt(entry.rate * 100));
  });
});
