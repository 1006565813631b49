import { and, eq } from 'drizzle-orm';
import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PublishedSubcategory,
  RateChangeRequest,
} from '@karta/shared/schemas/rate-change-requests';
import { auditLog } from '../../db/schema/audit-log';
import { giftCardSubcategories, rateChanges } from '../../db/schema/catalog';
import { rateChangeRequests } from '../../db/schema/rate-change-requests';
import { staffGrants } from '../../db/schema/staff-grants';
import { bodyOf, mailsTo, signedInUser, type Paged, type Session } from '../../../test/accounts';
import { insertCard, insertSubcategory, signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

let t: TestApp;
let ngozi: Session;
let tunde: Session;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-03-10T09:00:00Z'));
  ngozi = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ngozi' });
  tunde = await signedInOperator(t.app, t.db, 'operator', {
    first_name: 'Tunde',
    last_name: 'Bakare',
  });
});
afterAll(() => t.close());

const admin = (session: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin/catalog${url}`,
    headers: { authorization: session.token },
    ...(payload ? { payload } : {}),
  });

const publishSheet = (session: Session, rates: { id: string; rate: number | string }[]) =>
  admin(session, 'POST', '/rates', { rates });
const confirm = (session: Session, id: string) =>
  admin(session, 'POST', `/rate_changes/${id}/confirm`);
const sendBack = (session: Session, id: string, reason: unknown) =>
  admin(session, 'POST', `/rate_changes/${id}/return`, { reason });

async function waitingList(session = ngozi, query = '') {
  const response = await admin(session, 'GET', `/rate_changes${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<Paged<RateChangeRequest>>(response).data;
}

/** The rate sellers see: the public catalog the rate calculator reads. */
async function publicRates(cardId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/card/get_gift_card_category/${cardId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { data } = bodyOf<Paged<{ id: string; rate: number }>>(response).data;
  return Object.fromEntries(data.map(({ id, rate }) => [id, rate]));
}

/** The rate calculator's chart of a subcategory: its rate at the end of each day. */
async function calculatorHistory(subcategoryId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/card/rate_history/${subcategoryId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: unknown }>().data;
}

const historyOf = (subcategoryId: string) =>
  t.db
    .select()
    .from(rateChanges)
    .where(eq(rateChanges.subcategoryId, subcategoryId))
    .orderBy(rateChanges.changedAt);
const requestsOf = (subcategoryId: string) =>
  t.db
    .select()
    .from(rateChangeRequests)
    .where(eq(rateChangeRequests.subcategoryId, subcategoryId))
    .orderBy(rateChangeRequests.createdAt);
const auditOf = (subcategoryId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, subcategoryId), eq(auditLog.action, action)));
async function rateKoboOf(subcategoryId: string) {
  const [row] = await t.db
    .select()
    .from(giftCardSubcategories)
    .where(eq(giftCardSubcategories.id, subcategoryId));
  return row?.rateKobo;
}

/** A card on sale with `count` USD subcategories at ₦1,000.00. */
async function cardAt1000(name: string, count: number) {
  const card = await insertCard(t.db, { name });
  const subcategories = [];
  for (let index = 0; index < count; index += 1) {
    subcategories.push(
      await insertSubcategory(t.db, card.id, {
        name: `USA ${String(index)}`,
        rateKobo: 100000n,
        // Before the test clock, so the first history row comes first.
        createdAt: new Date('2026-03-01T09:00:00Z'),
      }),
    );
  }
  return { card, subcategories };
}

/** Ngozi asks for `rate` on the sheet; the request's id. */
async function askFor(subcategoryId: string, rate: number, session = ngozi) {
  const response = await publishSheet(session, [{ id: subcategoryId, rate }]);
  expect(response.statusCode, response.body).toBe(200);
  const [line] = bodyOf<PublishedSubcategory[]>(response).data;
  if (!line?.waiting_rate_change) throw new Error(`${String(rate)} was published, not held`);
  return line.waiting_rate_change.id;
}

describe('a rate more than 20 % from the rate in force waits for a second person', () => {
  it('holds a +21 % and a −21 % change back, publishes the rest of the sheet, and sellers see nothing of the two', async () => {
    const { card, subcategories } = await cardAt1000('Wait Shop', 3);
    const [up, down, small] = subcategories.map((row) => row.id) as [string, string, string];
    const historyBefore = await calculatorHistory(up);

    const response = await publishSheet(ngozi, [
      { id: up, rate: '1210.00' },
      { id: down, rate: 790 },
      { id: small, rate: 1050 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = bodyOf<PublishedSubcategory[]>(response);
    expect(body.message).toBe(
      '1 rate published. 2 wait for a second approval because they move more than 20 %.',
    );
    // The lines keep their order and fields; the two that wait still carry the rate in force.
    expect(body.data.map((line) => [line.id, line.rate, line.waiting_rate_change])).toEqual([
      [up, 1000, { id: expect.any(String) as string, rate: 1210, percent: 21 }],
      [down, 1000, { id: expect.any(String) as string, rate: 790, percent: -21 }],
      [small, 1050, null],
    ]);

    expect(await publicRates(card.id)).toEqual({ [up]: 1000, [down]: 1000, [small]: 1050 });
    expect(await calculatorHistory(up)).toEqual(historyBefore);
    expect((await historyOf(up)).map((row) => row.rateKobo)).toEqual([100000n]);
    expect((await historyOf(down)).map((row) => row.rateKobo)).toEqual([100000n]);
    expect((await historyOf(small)).map((row) => row.rateKobo)).toEqual([100000n, 105000n]);
    expect(await auditOf(up, 'catalog.subcategory.rate')).toEqual([]);
    expect(await auditOf(up, 'catalog.rate_change.requested')).toMatchObject([
      {
        actorUserId: ngozi.user.id,
        before: { rate: 1000 },
        after: { rate: 1210, status: 'waiting', replaces: null },
      },
    ]);
    expect(await requestsOf(down)).toMatchObject([
      {
        fromKobo: 100000n,
        toKobo: 79000n,
        status: 'waiting',
        requestedByUserId: ngozi.user.id,
      },
    ]);
  });

  it('publishes a move of exactly 20 % either way at once', async () => {
    const { card, subcategories } = await cardAt1000('Exact Shop', 2);
    const [up, down] = subcategories.map((row) => row.id) as [string, string];
    const response = await publishSheet(ngozi, [
      { id: up, rate: 1200 },
      { id: down, rate: 800 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).message).toBe('2 rates published.');
    expect(await publicRates(card.id)).toEqual({ [up]: 1200, [down]: 800 });
    expect(await requestsOf(up)).toEqual([]);
    // One kobo past 20 % waits: judged on exact kobo, not a rounded percent.
    const past = await publishSheet(ngozi, [{ id: up, rate: 1440.01 }]);
    expect(bodyOf<PublishedSubcategory[]>(past).data[0]?.waiting_rate_change).toMatchObject({
      rate: 1440.01,
      percent: 20,
    });
  });

  it('replaces an older waiting request for the same subcategory with the newer one', async () => {
    const { subcategories } = await cardAt1000('Newer Shop', 1);
    const id = subcategories[0]?.id ?? '';
    const first = await askFor(id, 1500);
    const second = await askFor(id, 1300, tunde);
    expect((await requestsOf(id)).map((row) => [row.id, row.status, row.toKobo])).toEqual([
      [first, 'superseded', 150000n],
      [second, 'waiting', 130000n],
    ]);
    expect((await waitingList()).data.filter((row) => row.subcategory_id === id)).toHaveLength(1);
    const replaced = await confirm(tunde, first);
    expect(replaced.statusCode).toBe(409);
    expect(bodyOf(replaced)).toMatchObject({
      code: 'ALREADY_DECIDED',
      message: 'A newer rate asked for this subcategory replaced this change.',
    });
  });

  it('holds a large rate given through the subcategory edit too, and saves the rest of the edit', async () => {
    const { card, subcategories } = await cardAt1000('Side Door Shop', 1);
    const id = subcategories[0]?.id ?? '';
    const edited = await admin(ngozi, 'PATCH', `/subcategories/${id}`, {
      rate: 1250,
      name: 'USA physical',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const body = bodyOf<PublishedSubcategory>(edited);
    expect(body.message).toBe(
      'Subcategory updated. Its new rate waits for a second approval because it moves more than 20 %.',
    );
    expect(body.data).toMatchObject({
      name: 'USA physical',
      rate: 1000,
      waiting_rate_change: { rate: 1250, percent: 25 },
    });
    expect(await publicRates(card.id)).toEqual({ [id]: 1000 });
    expect(await historyOf(id)).toHaveLength(1);

    // The rate alone: nothing of the subcategory changes, the request waits.
    const rateOnly = await admin(ngozi, 'PATCH', `/subcategories/${id}`, { rate: 700 });
    expect(bodyOf<PublishedSubcategory>(rateOnly).data).toMatchObject({
      rate: 1000,
      waiting_rate_change: { rate: 700, percent: -30 },
    });
    expect((await requestsOf(id)).map((row) => row.status)).toEqual(['superseded', 'waiting']);
    expect(await rateKoboOf(id)).toBe(100000n);
    // Within 20 %, the edit publishes as before.
    const small = await admin(ngozi, 'PATCH', `/subcategories/${id}`, { rate: 1100 });
    expect(bodyOf<PublishedSubcategory>(small).data).toMatchObject({
      rate: 1100,
      waiting_rate_change: null,
    });
    expect(await publicRates(card.id)).toEqual({ [id]: 1100 });

    // A new subcategory has no rate in force: any first rate is published.
    const created = await admin(ngozi, 'POST', `/cards/${card.id}/subcategories`, {
      name: 'UK',
      currency: 'GBP',
      rate: 9000,
      min_amount: 10,
      max_amount: 100,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(bodyOf<{ rate: number }>(created).data.rate).toBe(9000);
  });
});

describe('the waiting list', () => {
  it('lists the waiting requests oldest first with names, rates, the move and who asked', async () => {
    const { subcategories } = await cardAt1000('List Shop', 2);
    const [a, b] = subcategories.map((row) => row.id) as [string, string];
    const askedAt = t.clock.now().toISOString();
    const first = await askFor(a, 1500);
    t.clock.advance(60);
    await askFor(b, 600, tunde);
    const list = await waitingList(tunde, '?size=50');
    const mine = list.data.filter((row) => row.card_name === 'List Shop');
    expect(mine.map((row) => row.subcategory_id)).toEqual([a, b]);
    expect(mine[0]).toEqual({
      id: first,
      subcategory_id: a,
      card_name: 'List Shop',
      subcategory_name: 'USA 0',
      label: 'List Shop / USA 0',
      currency: 'USD',
      from_rate: 1000,
      to_rate: 1500,
      current_rate: 1000,
      percent: 50,
      status: 'waiting',
      requested_by: { id: ngozi.user.id, name: 'Ngozi Eze' },
      requested_at: askedAt,
      decided_by: null,
      decided_at: null,
      return_reason: null,
    });
    expect(mine[1]).toMatchObject({ percent: -40, requested_by: { name: 'Tunde Bakare' } });
    const paged = await waitingList(ngozi, '?size=1&page=2');
    expect(paged.meta).toMatchObject({ page: 2, size: 1 });
    expect(paged.data).toHaveLength(1);
  });

  it('is for operators and admins only', async () => {
    const seller = await signedInUser(t.app);
    expect((await admin(seller, 'GET', '/rate_changes')).statusCode).toBe(403);
    const adminSession = await signedInOperator(t.app, t.db, 'admin');
    expect((await admin(adminSession, 'GET', '/rate_changes')).statusCode).toBe(200);
  });
});

describe('confirming a waiting rate', () => {
  it('refuses the one who asked (409), then another operator publishes it with its history, alerts and audit', async () => {
    const { card, subcategories } = await cardAt1000('Confirm Shop', 1);
    const id = subcategories[0]?.id ?? '';
    const seller = await signedInUser(t.app);
    const alert = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/rate_alerts/${seller.user.id}`,
      headers: { authorization: seller.token },
      payload: { subcategory_id: id, rate: 1200 },
    });
    expect(alert.statusCode, alert.body).toBe(200);
    const requestId = await askFor(id, 1250);
    const alertMails = async () =>
      (await mailsTo(t.app, seller.email)).filter((mail) => mail.subject.startsWith('Rate alert'));
    expect(await alertMails()).toEqual([]);

    const own = await confirm(ngozi, requestId);
    expect(own.statusCode).toBe(409);
    expect(bodyOf(own)).toMatchObject({
      code: 'SAME_APPROVER',
      message: 'You asked for this rate, so another staff member has to confirm it.',
    });
    expect(await rateKoboOf(id)).toBe(100000n);

    t.clock.advance(120);
    const confirmed = await confirm(tunde, requestId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(bodyOf(confirmed).message).toBe('Rate for Confirm Shop / USA 0 published.');
    expect(bodyOf<RateChangeRequest>(confirmed).data).toMatchObject({
      status: 'confirmed',
      current_rate: 1250,
      requested_by: { id: ngozi.user.id },
      decided_by: { id: tunde.user.id, name: 'Tunde Bakare' },
      decided_at: t.clock.now().toISOString(),
    });
    expect(await publicRates(card.id)).toEqual({ [id]: 1250 });
    // History under the one who asked; the audit row names the confirmer and the requester.
    expect((await historyOf(id)).map((row) => [row.rateKobo, row.changedByUserId])).toEqual([
      [100000n, null],
      [125000n, ngozi.user.id],
    ]);
    expect(await auditOf(id, 'catalog.rate_change.confirmed')).toMatchObject([
      {
        actorUserId: tunde.user.id,
        before: { rate: 1000 },
        after: { rate: 1250, rate_change_id: requestId, requested_by: ngozi.user.id },
      },
    ]);
    expect((await alertMails()).map((mail) => mail.subject)).toEqual([
      'Rate alert: Confirm Shop USA 0 is now ₦1,250.00 per $1',
    ]);
    expect((await waitingList()).data.map((row) => row.id)).not.toContain(requestId);

    const again = await confirm(tunde, requestId);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again)).toMatchObject({
      code: 'ALREADY_DECIDED',
      message: 'This rate change has already been confirmed.',
    });
    expect(await historyOf(id)).toHaveLength(2);
  });

  it('refuses a request whose rate in force moved since it was asked, and changes nothing', async () => {
    const { subcategories } = await cardAt1000('Stale Shop', 1);
    const id = subcategories[0]?.id ?? '';
    const requestId = await askFor(id, 1300);
    const small = await publishSheet(tunde, [{ id, rate: 1050 }]);
    expect(small.statusCode, small.body).toBe(200);
    expect((await waitingList()).data.find((row) => row.id === requestId)).toMatchObject({
      from_rate: 1000,
      current_rate: 1050,
    });

    const stale = await confirm(tunde, requestId);
    expect(stale.statusCode).toBe(409);
    expect(bodyOf(stale)).toMatchObject({
      code: 'STALE',
      message:
        'The rate in force has moved from ₦1,000.00 to ₦1,050.00 since this change was asked for, so it cannot be confirmed. Send it back, and ask again from the rate in force.',
      errors: [{ field: 'id' }],
    });
    expect(await rateKoboOf(id)).toBe(105000n);
    expect((await requestsOf(id)).map((row) => row.status)).toEqual(['waiting']);
    expect(await auditOf(id, 'catalog.rate_change.confirmed')).toEqual([]);
  });

  it('refuses an operator whose invitation no second admin has confirmed, and accepts them once one has', async () => {
    const { subcategories } = await cardAt1000('Invited Shop', 1);
    const id = subcategories[0]?.id ?? '';
    const inviter = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Bola' });
    const invited = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Emeka' });
    // The staff desk records an invitation this way (decision 049); written here directly.
    const [grant] = await t.db
      .insert(staffGrants)
      .values({
        userId: invited.user.id,
        kind: 'invitation',
        role: 'operator',
        grantedByUserId: inviter.user.id,
      })
      .returning();
    const requestId = await askFor(id, 1400);

    const refused = await confirm(invited, requestId);
    expect(refused.statusCode).toBe(409);
    expect(bodyOf(refused)).toMatchObject({
      code: 'NOT_INDEPENDENT',
      message: FOUR_EYES_MESSAGES.INVITATION_UNCONFIRMED,
    });
    expect(await rateKoboOf(id)).toBe(100000n);

    // Nor may the one who invited them confirm what they asked for.
    const own = await askFor(id, 1450, invited);
    const second = await signedInOperator(t.app, t.db, 'admin');
    await t.db
      .update(staffGrants)
      .set({ confirmedByUserId: second.user.id, confirmedAt: t.clock.now() })
      .where(eq(staffGrants.id, grant?.id ?? ''));
    const related = await confirm(inviter, own);
    expect(related.statusCode).toBe(409);
    expect(bodyOf(related)).toMatchObject({ code: 'NOT_INDEPENDENT' });

    // With the invitation confirmed, the invited operator is a second pair of eyes for others.
    const next = await askFor(id, 1500);
    const accepted = await confirm(invited, next);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await rateKoboOf(id)).toBe(150000n);
  });

  it('publishes once when two people confirm at the same moment', async () => {
    const { subcategories } = await cardAt1000('Race Shop', 1);
    const id = subcategories[0]?.id ?? '';
    const third = await signedInOperator(t.app, t.db);
    const requestId = await askFor(id, 1600);
    const answers = await Promise.all([confirm(tunde, requestId), confirm(third, requestId)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await historyOf(id)).map((row) => row.rateKobo)).toEqual([100000n, 160000n]);
    expect(await auditOf(id, 'catalog.rate_change.confirmed')).toHaveLength(1);
  });

  it('answers 404 for a request that does not exist', async () => {
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const response = await confirm(tunde, id);
      expect(response.statusCode, id).toBe(404);
      expect(bodyOf(response).message).toBe('We could not find this rate change.');
      expect((await sendBack(tunde, id, 'Typo')).statusCode).toBe(404);
    }
  });
});

describe('sending a waiting rate back', () => {
  it('needs a reason, ends the request without publishing, and the one who asked may do it', async () => {
    const { card, subcategories } = await cardAt1000('Return Shop', 1);
    const id = subcategories[0]?.id ?? '';
    const requestId = await askFor(id, 10000);
    for (const [reason, message] of [
      [undefined, 'Say why the rate is sent back'],
      ['   ', 'Say why the rate is sent back'],
      ['x'.repeat(501), 'The reason can be at most 500 characters'],
    ] as const) {
      const response = await sendBack(ngozi, requestId, reason);
      expect(response.statusCode).toBe(400);
      expect(bodyOf(response).errors).toEqual([{ field: 'reason', message }]);
    }
    expect((await requestsOf(id)).map((row) => row.status)).toEqual(['waiting']);

    const returned = await sendBack(ngozi, requestId, '  Typo: one zero too many.  ');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(bodyOf(returned).message).toBe('Rate change for Return Shop / USA 0 sent back.');
    expect(bodyOf<RateChangeRequest>(returned).data).toMatchObject({
      status: 'returned',
      return_reason: 'Typo: one zero too many.',
      decided_by: { id: ngozi.user.id },
    });
    expect(await publicRates(card.id)).toEqual({ [id]: 1000 });
    expect(await historyOf(id)).toHaveLength(1);
    expect(await auditOf(id, 'catalog.rate_change.returned')).toMatchObject([
      {
        actorUserId: ngozi.user.id,
        after: { status: 'returned', return_reason: 'Typo: one zero too many.' },
      },
    ]);
    for (const response of [
      await confirm(tunde, requestId),
      await sendBack(tunde, requestId, 'x'),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(bodyOf(response)).toMatchObject({
        code: 'ALREADY_DECIDED',
        message: 'This rate change has already been sent back.',
      });
    }
  });

  it('lets another operator send it back too', async () => {
    const { subcategories } = await cardAt1000('Return Other Shop', 1);
    const id = subcategories[0]?.id ?? '';
    const requestId = await askFor(id, 50);
    const returned = await sendBack(tunde, requestId, 'Not our rate');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(bodyOf<RateChangeRequest>(returned).data.decided_by?.id).toBe(tunde.user.id);
  });
});
