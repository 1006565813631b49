import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGiftCard, AdminSubcategory } from '@karta/shared/schemas/catalog-admin';
import { auditLog } from '../../db/schema/audit-log';
import { giftCardSubcategories, rateChanges } from '../../db/schema/catalog';
import { signedInUser, type Session } from '../../../test/accounts';
import { insertCard, insertSubcategory, signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

let t: TestApp;
let operator: Session;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  session = operator,
) =>
  t.app.inject({
    method,
    url: `/api/v1/admin/catalog${url}`,
    headers: { authorization: session.token },
    ...(payload ? { payload } : {}),
  });

const auditRowsFor = (targetId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt);
const historyOf = (subcategoryId: string) =>
  t.db
    .select()
    .from(rateChanges)
    .where(eq(rateChanges.subcategoryId, subcategoryId))
    .orderBy(rateChanges.changedAt);

describe('who may change the catalog', () => {
  it('refuses plain users (403) and callers without a token (403)', async () => {
    const user = await signedInUser(t.app);
    const response = await send('POST', '/cards', { name: 'X', brand_colour: '#000000' }, user);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'This needs an operator account.' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/catalog/cards' });
    expect(anonymous.statusCode).toBe(403);
  });

  it('lets admins in as well as operators', async () => {
    const adminSession = await signedInOperator(t.app, t.db, 'admin');
    expect((await send('GET', '/cards', undefined, adminSession)).statusCode).toBe(200);
  });
});

describe('cards and subcategories', () => {
  it('creates, edits and deactivates a card, auditing each step', async () => {
    const publicTotal = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/card/admin_get_gift_card',
      });
      return response.json<{ data: { meta: { total: number } } }>().data.meta.total;
    };
    const totalBefore = await publicTotal();
    const created = await send('POST', '/cards', { name: "Macy's", brand_colour: '#E21A2C' });
    // This process forgets its cached total on every card change.
    expect(await publicTotal()).toBe(totalBefore + 1);
    expect(created.statusCode, created.body).toBe(201);
    const card = created.json<{ data: AdminGiftCard }>().data;
    expect(card).toMatchObject({ name: "Macy's", slug: 'macys', brand_colour: '#e21a2c' });
    expect(card).toMatchObject({ active: true, sort_order: 0 });
    const duplicate = await send('POST', '/cards', { name: 'MACYS', brand_colour: '#000000' });
    expect(duplicate.statusCode).toBe(409);

    const edited = await send('PATCH', `/cards/${card.id}`, { active: false, sort_order: 3 });
    expect(edited.json()).toMatchObject({ data: { active: false, sort_order: 3 } });
    expect(await publicTotal()).toBe(totalBefore);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/card/admin_get_gift_card?card_name=macy',
    });
    expect(listed.json()).toMatchObject({ data: { data: [] } });

    const audit = await auditRowsFor(card.id);
    expect(audit.map((row) => row.action)).toEqual(['catalog.card.create', 'catalog.card.update']);
    expect(audit[1]).toMatchObject({
      actorUserId: operator.user.id,
      targetType: 'gift_card',
      before: { active: true, sort_order: 0 },
      after: { active: false, sort_order: 3 },
      ip: '127.0.0.1',
    });
    expect((await send('PATCH', '/cards/nope', { active: true })).statusCode).toBe(404);
    expect((await send('PATCH', `/cards/${card.id}`, {})).statusCode).toBe(400);
  });

  it('adds a subcategory whose first rate starts its history', async () => {
    const card = await insertCard(t.db);
    const response = await send('POST', `/cards/${card.id}/subcategories`, {
      name: 'USA physical $100–$500',
      currency: 'USD',
      rate: '1180.55',
      min_amount: 100,
      max_amount: 500,
    });
    expect(response.statusCode, response.body).toBe(201);
    const sub = response.json<{ data: AdminSubcategory }>().data;
    expect(sub).toMatchObject({ gift_card_id: card.id, rate: 1180.55, active: true });
    const [first] = await historyOf(sub.id);
    expect(first).toMatchObject({ rateKobo: 118055n, changedByUserId: operator.user.id });
    const list = await send('GET', `/cards/${card.id}/subcategories`);
    expect(list.json<{ data: AdminSubcategory[] }>().data).toHaveLength(1);
    const bad = await send('POST', `/cards/${card.id}/subcategories`, {
      name: 'Bad',
      currency: 'USD',
      rate: 1.005,
      min_amount: 100,
      max_amount: 50,
    });
    expect(bad.statusCode).toBe(400);
    // Said in words an operator reads, never the fields' names.
    const reversed = await send('POST', `/cards/${card.id}/subcategories`, {
      name: 'Reversed',
      currency: 'USD',
      rate: 1000,
      min_amount: 100,
      max_amount: 50,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      message: 'The largest card amount cannot be below the smallest.',
      errors: [{ field: 'max_amount' }],
    });
    const words = await send('POST', `/cards/${card.id}/subcategories`, {
      name: 'Words',
      currency: 'USD',
      rate: 'abc',
      min_amount: 0.5,
      max_amount: 200_000,
    });
    const messages = words
      .json<{ errors: { message: string }[] }>()
      .errors.map((error) => error.message);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    for (const message of messages) expect(message).not.toMatch(/_amount|\brate must/);
  });
});

describe('PATCH /admin/catalog/subcategories/{id}', () => {
  it('changes any field, records each rate change with who, and audits it', async () => {
    const card = await insertCard(t.db);
    const sub = await insertSubcategory(t.db, card.id, { rateKobo: 118000n });
    t.clock.advance(60);
    const response = await send('PATCH', `/subcategories/${sub.id}`, { rate: 1195.1, name: 'UK' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { rate: 1195.1, name: 'UK' } });
    t.clock.advance(60);
    await send('PATCH', `/subcategories/${sub.id}`, { min_amount: 20, active: false });

    const history = await historyOf(sub.id);
    expect(history.map((row) => row.rateKobo)).toEqual([118000n, 119510n]);
    expect(history[1]?.changedByUserId).toBe(operator.user.id);
    const audit = await auditRowsFor(sub.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ before: { rate: 1180 }, after: { rate: 1195.1 } });
    expect(audit[1]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('refuses a maximum below the minimum, bad rates, and unknown ids', async () => {
    const card = await insertCard(t.db);
    const sub = await insertSubcategory(t.db, card.id, { minAmount: 10, maxAmount: 500 });
    const below = await send('PATCH', `/subcategories/${sub.id}`, { max_amount: 5 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ errors: [{ field: 'max_amount' }] });
    for (const rate of [0, -5, '12.345', '1e3', 'abc']) {
      expect((await send('PATCH', `/subcategories/${sub.id}`, { rate })).statusCode).toBe(400);
    }
    const missing = await send('PATCH', '/subcategories/00000000-0000-4000-8000-000000000000', {
      rate: 1,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /admin/catalog/rates', () => {
  it('sets every rate in one go, with history and audit for each', async () => {
    const card = await insertCard(t.db);
    const a = await insertSubcategory(t.db, card.id, { rateKobo: 100000n });
    const b = await insertSubcategory(t.db, card.id, { rateKobo: 120000n });
    t.clock.advance(60);
    const response = await send('POST', '/rates', {
      rates: [
        { id: a.id, rate: '1010.10' },
        { id: b.id, rate: 1190 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: AdminSubcategory[] }>().data.map((s) => s.rate)).toEqual([
      1010.1, 1190,
    ]);
    expect((await historyOf(a.id)).map((row) => row.rateKobo)).toEqual([100000n, 101010n]);
    expect((await historyOf(b.id)).map((row) => row.rateKobo)).toEqual([120000n, 119000n]);
    expect(await auditRowsFor(a.id)).toMatchObject([{ action: 'catalog.subcategory.rate' }]);
  });

  it('changes nothing when one id is unknown, and names it', async () => {
    const card = await insertCard(t.db);
    const a = await insertSubcategory(t.db, card.id, { rateKobo: 100000n });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await send('POST', '/rates', {
      rates: [
        { id: a.id, rate: 999 },
        { id: unknown, rate: 1000 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [{ field: 'rates.1.id', message: `We could not find subcategory ${unknown}.` }],
    });
    const [row] = await t.db
      .select()
      .from(giftCardSubcategories)
      .where(eq(giftCardSubcategories.id, a.id));
    expect(row?.rateKobo).toBe(100000n);
    expect(await historyOf(a.id)).toHaveLength(1);
    expect(await auditRowsFor(a.id)).toHaveLength(0);
    const twice = await send('POST', '/rates', {
      rates: [
        { id: a.id, rate: 1 },
        { id: a.id, rate: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect((await send('POST', '/rates', { rates: [] })).statusCode).toBe(400);
  });
});

describe('audit_log', () => {
  it('cannot be updated or deleted, even by the database owner', async () => {
    const card = await send('POST', '/cards', { name: 'Audit Probe', brand_colour: '#123456' });
    const id = card.json<{ data: AdminGiftCard }>().data.id;
    // Drizzle wraps the database's error; the trigger's own message is in the cause.
    const refused = { cause: { message: 'audit_log rows are never updated or deleted' } };
    await expect(
      t.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.targetId, id)),
    ).rejects.toMatchObject(refused);
    await expect(t.db.delete(auditLog).where(eq(auditLog.targetId, id))).rejects.toMatchObject(
      refused,
    );
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refused);
    expect(await auditRowsFor(id)).toMatchObject([{ action: 'catalog.card.create' }]);
  });
});
