import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@karta/shared/schemas/audit-trail';
import { AUDIT_MESSAGES } from '@karta/shared/schemas/audit-trail';
import { auditLog } from '../../db/schema/audit-log';
import { bodyOf, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { tradableSubcategory } from '../../../test/trades';

let t: TestApp;
let admin: Session;
let operator: Session;
let seller: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Bayo', last_name: 'Lawal' });
  operator = await signedInOperator(t.app, t.db, 'operator');
  seller = await signedInUser(t.app);
});
afterAll(() => t.close());

const trail = (session: Session, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/audit?${query}`,
    headers: { authorization: session.token },
  });

const pageOf = async (query: string) => {
  const response = await trail(admin, query);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<AuditPage>(response).data;
};

const errorOf = async (query: string) => {
  const response = await trail(admin, query);
  expect(response.statusCode, response.body).toBe(400);
  return bodyOf(response).errors[0]?.message;
};

/**
 * Rows of one made-up target written straight to the table at chosen times: the API writes
 * `created_at` with the database's clock, which a test cannot move.
 */
async function insertRows(
  count: number,
  values: { at: (index: number) => Date; action?: string; actor?: string | null },
) {
  const targetId = randomUUID();
  await t.db.insert(auditLog).values(
    Array.from({ length: count }, (_, index) => ({
      actorUserId: values.actor === undefined ? admin.user.id : values.actor,
      action: values.action ?? 'trade.claim',
      targetType: 'trade',
      targetId,
      before: { index },
      after: { index: index + 1 },
      createdAt: values.at(index),
    })),
  );
  return targetId;
}

describe('GET /admin/audit', () => {
  it('shows a rate change made through the API with its actor, before and after', async () => {
    const { card, subcategory } = await tradableSubcategory(t.db);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/rates',
      payload: { rates: [{ id: subcategory.id, rate: 1250.5 }] },
      headers: { authorization: admin.token },
    });
    expect(change.statusCode, change.body).toBe(200);

    const page = await pageOf('action=catalog.subcategory.rate');
    const [entry] = page.data;
    expect(entry).toMatchObject({
      action: 'catalog.subcategory.rate',
      actor: { id: admin.user.id, first_name: 'Bayo', last_name: 'Lawal', email: admin.email },
      target_type: 'gift_card_subcategory',
      target_id: subcategory.id,
      // Named with its card, not "Subcategory 117160a6" or a name without the card.
      target_name: `${card.name} › USA physical $10–$500`,
      before: { rate: 1180 },
      after: { rate: 1250.5 },
    });
    expect(page.meta).toEqual({ page: 1, size: 50, total: 1, totalPages: 1 });
    expect(page.is_capped).toBe(false);
  });

  it('is for admins: operators and sellers get 403', async () => {
    expect((await trail(operator, '')).statusCode).toBe(403);
    expect((await trail(seller, '')).statusCode).toBe(403);
  });

  it('filters by target, actor (id or e-mail prefix) and several actions', async () => {
    const base = Date.parse('2026-03-01T10:00:00Z');
    const at = (index: number) => new Date(base + index * 60_000);
    const claims = await insertRows(3, { at });
    const byOperator = await insertRows(2, { at, actor: operator.user.id, action: 'trade.reject' });

    const target = await pageOf(`target_type=trade&target_id=${claims}`);
    expect(target.data.map((entry) => entry.before)).toEqual([
      { index: 2 },
      { index: 1 },
      { index: 0 },
    ]);

    const prefix = encodeURIComponent(operator.email.slice(0, operator.email.indexOf('@') + 3));
    for (const actor of [operator.user.id, prefix]) {
      const page = await pageOf(`actor=${actor}&target_type=trade`);
      expect(new Set(page.data.map((entry) => entry.target_id))).toEqual(new Set([byOperator]));
    }
    expect((await pageOf('actor=nobody.at.all%40')).data).toEqual([]);

    for (const query of [
      'action=trade.reject,trade.claim&target_type=trade',
      'action=trade.reject&action=trade.claim&target_type=trade',
    ]) {
      const ids = new Set((await pageOf(query)).data.map((entry) => entry.target_id));
      expect(ids).toEqual(new Set([claims, byOperator]));
    }
    const rejects = await pageOf('action=trade.reject');
    expect(rejects.data.map((entry) => entry.action)).toEqual(['trade.reject', 'trade.reject']);
  });

  it('takes from and to as Lagos days, both included', async () => {
    // 2026-04-10 in Lagos runs from 2026-04-09T23:00Z to 2026-04-10T23:00Z.
    const times = [
      '2026-04-09T22:59:59Z',
      '2026-04-09T23:00:00Z',
      '2026-04-10T22:59:59Z',
      '2026-04-10T23:00:00Z',
    ].map((text) => new Date(text));
    const targetId = await insertRows(times.length, { at: (index) => times[index] as Date });
    const daysOf = async (query: string) =>
      (await pageOf(`target_type=trade&target_id=${targetId}&${query}`)).data.map(
        (entry) => entry.created_at,
      );

    expect(await daysOf('from=2026-04-10&to=2026-04-10')).toEqual([
      '2026-04-10T22:59:59.000Z',
      '2026-04-09T23:00:00.000Z',
    ]);
    expect(await daysOf('from=2026-04-11')).toEqual(['2026-04-10T23:00:00.000Z']);
    expect(await daysOf('to=2026-04-09')).toEqual(['2026-04-09T22:59:59.000Z']);
  });

  it('pages newest first, fifty at a time, with ties in time kept in one order', async () => {
    const sameMoment = new Date('2026-05-01T09:00:00Z');
    const targetId = await insertRows(60, {
      at: (index) => (index < 10 ? sameMoment : new Date(sameMoment.getTime() + index * 1000)),
    });
    const query = `target_type=trade&target_id=${targetId}`;
    const first = await pageOf(query);
    const second = await pageOf(`${query}&page=2`);
    expect(first.meta).toEqual({ page: 1, size: 50, total: 60, totalPages: 2 });
    expect(first.data).toHaveLength(50);
    expect(second.data).toHaveLength(10);
    const all = [...first.data, ...second.data];
    expect(new Set(all.map((entry) => entry.id)).size).toBe(60);
    const times = all.map((entry) => entry.created_at);
    expect(times).toEqual([...times].sort().reverse());
    // The last ten share one moment: each page agrees on their order (by id, descending).
    const tied = second.data.map((entry) => entry.id);
    expect(tied).toEqual([...tied].sort().reverse());
  });

  it('counts up to 1,000 and says when more match; deeper pages are refused', async () => {
    const base = Date.parse('2025-01-01T00:00:00Z');
    const targetId = await insertRows(1001, { at: (index) => new Date(base + index * 1000) });
    const query = `target_type=trade&target_id=${targetId}`;
    const last = await pageOf(`${query}&page=20`);
    expect(last.meta).toEqual({ page: 20, size: 50, total: 1000, totalPages: 20 });
    expect(last.is_capped).toBe(true);
    expect(last.data).toHaveLength(50);
    expect(await errorOf(`${query}&page=21`)).toBe(AUDIT_MESSAGES.PAGE_TOO_DEEP);
  });

  it('refuses bad filters with the reason and changes nothing', async () => {
    const before = await pageOf('');
    expect(await errorOf('action=trade.approve,trade.dance')).toBe(AUDIT_MESSAGES.UNKNOWN_ACTION);
    expect(await errorOf('from=2026-02-30')).toBe(AUDIT_MESSAGES.BAD_DAY);
    expect(await errorOf('from=2026-03-02&to=2026-03-01')).toBe(AUDIT_MESSAGES.DAYS_IN_ORDER);
    expect(await errorOf(`target_id=${randomUUID()}`)).toBe(AUDIT_MESSAGES.TARGET_TYPE_NEEDED);
    expect(await errorOf('target_type=planet')).toMatch(/^target_type must be one of/);
    expect(await errorOf('page=0')).toBe('page must be 1 or more');
    const after = await pageOf('');
    expect(after.meta.total).toBe(before.meta.total);
  });
});
