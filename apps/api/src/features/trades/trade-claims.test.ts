import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getLagosClockTime } from '@karta/shared/dates';
import { TRADE_DECISION_ANSWERS, type AdminTrade } from '@karta/shared/schemas/trades';
import { auditLog } from '../../db/schema/audit-log';
import { bodyOf, signedInUser, type Paged, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import { approve, reject, submitTrade, tradableSubcategory, walletOf } from '../../../test/trades';

let t: TestApp;
let ada: Session;
let bayo: Session;
let seller: Session;
let subcategoryId: string;
let start: Date;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ada', last_name: 'Obi' });
  bayo = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Bayo', last_name: 'Lawal' });
  seller = await signedInUser(t.app);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
  start = t.clock.now();
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  // Back to the start, so the sessions (15 minutes) outlive every test's moving of the clock.
  t.clock.set(start);
});
afterAll(() => t.close());

const CLAIM_SECONDS = 10 * 60;

const post = (session: Session, tradeId: string, action: 'claim' | 'release') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/${action}`,
    headers: { authorization: session.token },
  });
const claim = (session: Session, tradeId: string) => post(session, tradeId, 'claim');
const release = (session: Session, tradeId: string) => post(session, tradeId, 'release');

const list = (session: Session, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/trades?${query}`,
    headers: { authorization: session.token },
  });
const listedIds = async (session: Session, query: string) => {
  const response = await list(session, query);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<Paged<AdminTrade>>(response).data.data.map((trade) => trade.id);
};

const claimOf = async (tradeId: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/trades/${tradeId}`,
    headers: { authorization: ada.token },
  });
  return bodyOf<AdminTrade>(response).data.claim;
};

/**
 * The trade's audit trail in order. A claim taken with a decision shares its transaction, so
 * its time: within one moment, the claim comes first.
 */
const auditOf = async (tradeId: string) => {
  const entries = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'trade'), eq(auditLog.targetId, tradeId)))
    .orderBy(asc(auditLog.createdAt));
  const rank = (action: string) => (action.startsWith('trade.claim') ? 0 : 1);
  return entries.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || rank(a.action) - rank(b.action),
  );
};

/** The 409 a blocked operator reads: who holds the trade, and until when in Lagos time. */
function expectHeldBy(response: Awaited<ReturnType<typeof claim>>, holder: string, until: string) {
  expect(response.statusCode, response.body).toBe(409);
  const body = bodyOf(response);
  const words = `${holder} is reviewing this trade until ${getLagosClockTime(new Date(until))}. Pick another trade, or try again once they are done.`;
  expect(body.message).toBe(words);
  expect(body.errors).toEqual([{ field: 'id', message: words }]);
  expect(response.json<{ code?: string }>().code).toBe('CLAIMED');
}

describe('claiming a trade', () => {
  it('refuses every claim call to a user who is not an operator', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const user = await signedInUser(t.app);
    for (const response of [
      await claim(user, trade.id),
      await release(user, trade.id),
      await list(user, 'claimable=true'),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect(await claimOf(trade.id)).toBeNull();
  });

  it('claims for ten minutes, shows who holds it, and renews for the holder', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const claimed = await claim(ada, trade.id);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const until = new Date(t.clock.now().getTime() + CLAIM_SECONDS * 1000).toISOString();
    expect(bodyOf<AdminTrade>(claimed).data.claim).toEqual({
      holder: { id: ada.user.id, first_name: 'Ada', last_name: 'Obi' },
      until,
      seen_at: t.clock.now().toISOString(),
    });
    expect(bodyOf(claimed).message).toBe(
      `You are reviewing this trade until ${getLagosClockTime(new Date(until))}.`,
    );

    const queue = bodyOf<Paged<AdminTrade>>(await list(bayo, 'status=pending&size=50')).data.data;
    expect(queue.find((row) => row.id === trade.id)?.claim?.holder.first_name).toBe('Ada');

    t.clock.advance(240);
    const renewed = await claim(ada, trade.id);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const later = new Date(t.clock.now().getTime() + CLAIM_SECONDS * 1000).toISOString();
    expect(bodyOf<AdminTrade>(renewed).data.claim?.until).toBe(later);
    expect((await auditOf(trade.id)).map((entry) => entry.action)).toEqual([
      'trade.claim',
      'trade.claim_renew',
    ]);
    const [first] = await auditOf(trade.id);
    expect(first).toMatchObject({
      actorUserId: ada.user.id,
      before: { claimed_by: null, claimed_until: null },
      after: { claimed_by: ada.user.id, claimed_until: until },
    });
  });

  it('lets exactly one of two operators claiming at once win; the other is told who', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const responses = await Promise.all([claim(ada, trade.id), claim(bayo, trade.id)]);
    const winners = responses.filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    const winner = bodyOf<AdminTrade>(winners[0] as (typeof responses)[number]).data.claim;
    const loser = responses.find((response) => response.statusCode !== 200);
    if (!winner || !loser) throw new Error('expected one winner and one loser');
    const winnerName = `${winner.holder.first_name} ${winner.holder.last_name}`;
    expectHeldBy(loser, winnerName, winner.until);
    expect((await auditOf(trade.id)).map((entry) => entry.actorUserId)).toEqual([winner.holder.id]);
  });

  it('refuses a decision while another operator’s claim lasts, and changes nothing', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId, 100);
    const until = bodyOf<AdminTrade>(await claim(ada, trade.id)).data.claim?.until ?? '';
    expectHeldBy(await approve(t.app, bayo, trade.id), 'Ada Obi', until);
    expectHeldBy(await reject(t.app, bayo, trade.id, { reason: 'other' }), 'Ada Obi', until);
    expectHeldBy(await claim(bayo, trade.id), 'Ada Obi', until);
    expect((await walletOf(t.app, seller)).balance).toBe(0);
    expect((await auditOf(trade.id)).map((entry) => entry.action)).toEqual(['trade.claim']);

    const decided = await approve(t.app, ada, trade.id);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(bodyOf<AdminTrade>(decided).data).toMatchObject({
      status: 'approved',
      reviewed_by: ada.user.id,
      claim: null,
      review_due_at: null,
      is_late: false,
    });
    expect((await auditOf(trade.id)).map((entry) => entry.action)).toEqual([
      'trade.claim',
      'trade.approve',
    ]);
    const again = await claim(bayo, trade.id);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).message).toBe('This trade has already been approved.');
  });

  it('claims an unclaimed trade on the way to a decision', async () => {
    const approved = await submitTrade(t.app, seller, subcategoryId, 10);
    const response = await approve(t.app, bayo, approved.id);
    expect(response.statusCode, response.body).toBe(200);
    const [claimEntry, decision] = await auditOf(approved.id);
    expect(claimEntry).toMatchObject({
      action: 'trade.claim',
      actorUserId: bayo.user.id,
      after: { claimed_by: bayo.user.id, with_decision: true },
    });
    expect(decision?.action).toBe('trade.approve');

    const rejected = await submitTrade(t.app, seller, subcategoryId, 10);
    const refused = await reject(t.app, ada, rejected.id, { reason: 'unclear_image' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await auditOf(rejected.id)).map((entry) => entry.action)).toEqual([
      'trade.claim',
      'trade.reject',
    ]);
  });

  it('stops blocking once the claim has expired', async () => {
    const toClaim = await submitTrade(t.app, seller, subcategoryId, 10);
    const toDecide = await submitTrade(t.app, seller, subcategoryId, 10);
    expect((await claim(ada, toClaim.id)).statusCode).toBe(200);
    expect((await claim(ada, toDecide.id)).statusCode).toBe(200);
    t.clock.advance(CLAIM_SECONDS - 1);
    expect((await claim(bayo, toClaim.id)).statusCode).toBe(409);
    expect((await reject(t.app, bayo, toDecide.id, { reason: 'other' })).statusCode).toBe(409);
    t.clock.advance(1);

    expect(await claimOf(toClaim.id)).toBeNull();
    const taken = await claim(bayo, toClaim.id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(bodyOf<AdminTrade>(taken).data.claim?.holder.id).toBe(bayo.user.id);
    expectHeldBy(
      await claim(ada, toClaim.id),
      'Bayo Lawal',
      bodyOf<AdminTrade>(taken).data.claim?.until ?? '',
    );

    const decided = await reject(t.app, bayo, toDecide.id, { reason: 'already_used' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await auditOf(toDecide.id)).map((entry) => [entry.action, entry.actorUserId])).toEqual([
      ['trade.claim', ada.user.id],
      ['trade.claim', bayo.user.id],
      ['trade.reject', bayo.user.id],
    ]);
  });

  it('releases the holder’s claim and no one else’s', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId, 10);
    await claim(ada, trade.id);
    // Another operator's release names the holder and leaves the claim (it said "released").
    const byOther = await release(bayo, trade.id);
    expect(byOther.statusCode, byOther.body).toBe(409);
    expect(bodyOf(byOther).code).toBe('CLAIMED');
    expect(bodyOf(byOther).message).toMatch(/^Ada Obi is reviewing this trade until \d\d:\d\d\./);
    const stillHeld = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/trades/${trade.id}`,
      headers: { authorization: bayo.token },
    });
    expect(bodyOf<AdminTrade>(stillHeld).data.claim?.holder.id).toBe(ada.user.id);

    const released = await release(ada, trade.id);
    expect(released.statusCode, released.body).toBe(200);
    expect(bodyOf(released).message).toBe(TRADE_DECISION_ANSWERS.RELEASED);
    expect(bodyOf<AdminTrade & { released: boolean }>(released).data).toMatchObject({
      claim: null,
      released: true,
    });
    const again = await release(ada, trade.id);
    expect(again.statusCode).toBe(200);
    expect(bodyOf(again).message).toBe(TRADE_DECISION_ANSWERS.NOT_HELD);
    expect(bodyOf<{ released: boolean }>(again).data.released).toBe(false);
    expect((await claim(bayo, trade.id)).statusCode).toBe(200);
    const actions = (await auditOf(trade.id)).map((entry) => [entry.action, entry.actorUserId]);
    expect(actions).toEqual([
      ['trade.claim', ada.user.id],
      ['trade.release', ada.user.id],
      ['trade.claim', bayo.user.id],
    ]);
  });

  it('refuses to claim an unknown trade or the operator’s own', async () => {
    expect((await claim(ada, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await claim(ada, 'not-a-trade')).statusCode).toBe(404);
    expect((await release(ada, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const own = await submitTrade(t.app, ada, subcategoryId, 10);
    const response = await claim(ada, own.id);
    expect(response.statusCode).toBe(403);
    expect(bodyOf(response).message).toBe('You cannot review your own trade.');
  });
});

describe('the queue’s clock and the next pending trade', () => {
  it('skips trades another operator holds, and the operator’s own, for "next pending"', async () => {
    // Everything earlier in this file is decided or released first, so the order is this test's.
    const fresh = await createTestApp();
    try {
      const one = await signedInOperator(fresh.app, fresh.db, 'operator', {
        first_name: 'Ada',
        last_name: 'Obi',
      });
      const two = await signedInOperator(fresh.app, fresh.db);
      const owner = await signedInUser(fresh.app);
      const { subcategory } = await tradableSubcategory(fresh.db);
      const submit = async (who: Session) => {
        const trade = await submitTrade(fresh.app, who, subcategory.id, 10);
        fresh.clock.advance(60);
        return trade.id;
      };
      const heldByOne = await submit(owner);
      const ownOfTwo = await submit(two);
      const heldByTwo = await submit(owner);
      const free = await submit(owner);
      const ask = (session: Session, query: string) =>
        fresh.app.inject({
          method: 'GET',
          url: `/api/v1/admin/trades?${query}`,
          headers: { authorization: session.token },
        });
      const ids = async (session: Session, query: string) =>
        bodyOf<Paged<AdminTrade>>(await ask(session, query)).data.data.map((trade) => trade.id);
      const claimIn = (session: Session, id: string) =>
        fresh.app.inject({
          method: 'POST',
          url: `/api/v1/admin/trades/${id}/claim`,
          headers: { authorization: session.token },
        });
      expect((await claimIn(one, heldByOne)).statusCode).toBe(200);
      expect((await claimIn(two, heldByTwo)).statusCode).toBe(200);

      expect(await ids(two, 'status=pending')).toEqual([heldByOne, ownOfTwo, heldByTwo, free]);
      expect(await ids(two, 'claimable=true')).toEqual([heldByTwo, free]);
      expect(await ids(one, 'claimable=true&size=1')).toEqual([heldByOne]);
      expect(await ids(one, 'claimable=true&status=approved')).toEqual([heldByOne, ownOfTwo, free]);
      const page = bodyOf<Paged<AdminTrade>>(await ask(two, 'claimable=true')).data.meta;
      expect(page.total).toBe(2);

      // Both claims run out; the operator's own expired claim is theirs to take again.
      fresh.clock.advance(CLAIM_SECONDS);
      expect(await ids(two, 'claimable=true')).toEqual([heldByOne, heldByTwo, free]);
      await fresh.app.inject({
        method: 'POST',
        url: `/api/v1/admin/trades/${heldByOne}/approve`,
        headers: { authorization: two.token },
        payload: {},
      });
      expect(await ids(two, 'claimable=true')).toEqual([heldByTwo, free]);
    } finally {
      await fresh.close();
    }
  });

  it('marks a pending trade late once it has waited past the target', async () => {
    const quick = await createTestApp({ env: { REVIEW_TARGET_MINUTES: '5' } });
    try {
      const operator = await signedInOperator(quick.app, quick.db);
      const owner = await signedInUser(quick.app);
      const { subcategory } = await tradableSubcategory(quick.db);
      const trade = await submitTrade(quick.app, owner, subcategory.id, 10);
      const read = async () => {
        const response = await quick.app.inject({
          method: 'GET',
          url: '/api/v1/admin/trades?status=pending',
          headers: { authorization: operator.token },
        });
        return bodyOf<Paged<AdminTrade>>(response).data.data.find((row) => row.id === trade.id);
      };
      const due = new Date(new Date(trade.created_at).getTime() + 5 * 60_000).toISOString();
      expect(await read()).toMatchObject({ review_due_at: due, is_late: false });
      quick.clock.advance(5 * 60);
      expect((await read())?.is_late).toBe(false);
      quick.clock.advance(1);
      expect(await read()).toMatchObject({ review_due_at: due, is_late: true });
    } finally {
      await quick.close();
    }
  });

  it('uses a 30-minute target unless told otherwise', async () => {
    const trade = await submitTrade(t.app, seller, subcategoryId, 10);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/trades/${trade.id}`,
      headers: { authorization: ada.token },
    });
    expect(bodyOf<AdminTrade>(view).data.review_due_at).toBe(
      new Date(new Date(trade.created_at).getTime() + 30 * 60_000).toISOString(),
    );
    expect(await listedIds(ada, 'claimable=true&size=50')).toContain(trade.id);
  });
});
