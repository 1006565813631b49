import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimedTrade, ClaimHeartbeat } from '@karta/shared/schemas/trades';
import { auditLog } from '../../db/schema/audit-log';
import { trades } from '../../db/schema/trades';
import { bodyOf, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { approve, submitTrade, tradableSubcategory } from '../../../test/trades';

/**
 * Decision 072: a claim lives while its review page does. The page's heartbeat keeps it, a
 * beacon with the claim's release token ends it as the page closes, and a claim whose page has
 * been silent for a minute can be taken over by another operator (audited).
 */

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
afterEach(() => {
  // Back to the start, so the sessions (15 minutes) outlive every test's moving of the clock.
  t.clock.set(start);
});
afterAll(() => t.close());

const CLAIM_SECONDS = 10 * 60;
const secondsFromNow = (seconds: number) =>
  new Date(t.clock.now().getTime() + seconds * 1000).toISOString();

const post = (session: Session, tradeId: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/${action}`,
    headers: { authorization: session.token },
  });
const claim = (session: Session, tradeId: string) => post(session, tradeId, 'claim');
const heartbeat = (session: Session, tradeId: string) => post(session, tradeId, 'heartbeat');
const takeOver = (session: Session, tradeId: string) => post(session, tradeId, 'take_over');

/** What the closing page sends: no session, the body a string as sendBeacon sends one. */
const beacon = (body: unknown, contentType = 'text/plain;charset=UTF-8') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/trade_claims/release',
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const claimRow = async (tradeId: string) => {
  const [row] = await t.db.select().from(trades).where(eq(trades.id, tradeId));
  return row;
};
const actionsOf = async (tradeId: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'trade'), eq(auditLog.targetId, tradeId)))
      .orderBy(asc(auditLog.createdAt))
  ).map((entry) => entry.action);

async function claimedBy(session: Session) {
  const trade = await submitTrade(t.app, seller, subcategoryId);
  const response = await claim(session, trade.id);
  expect(response.statusCode, response.body).toBe(200);
  return { tradeId: trade.id, token: bodyOf<ClaimedTrade>(response).data.release_token };
}

describe('the heartbeat', () => {
  it('extends the holder’s claim to ten minutes from now and records when it was heard', async () => {
    const { tradeId } = await claimedBy(ada);
    t.clock.advance(30);
    const response = await heartbeat(ada, tradeId);
    expect(response.statusCode, response.body).toBe(200);
    const until = secondsFromNow(CLAIM_SECONDS);
    expect(bodyOf<ClaimHeartbeat>(response).data).toEqual({
      until,
      seen_at: t.clock.now().toISOString(),
    });
    expect((await claimRow(tradeId))?.claimExpiresAt?.toISOString()).toBe(until);
    // Heartbeats are not audited: the claim is, and its end.
    expect(await actionsOf(tradeId)).toEqual(['trade.claim']);

    // Kept alive past the first ten minutes by heartbeats alone.
    for (let beat = 0; beat < 25; beat += 1) {
      t.clock.advance(30);
      expect((await heartbeat(ada, tradeId)).statusCode).toBe(200);
    }
    expect((await claim(bayo, tradeId)).statusCode).toBe(409);
  });

  it('answers 409 CLAIM_LOST to a heartbeat on a claim that ended, naming who took it', async () => {
    const { tradeId } = await claimedBy(ada);
    const nobody = await heartbeat(bayo, tradeId);
    expect(nobody.statusCode, nobody.body).toBe(409);
    expect(nobody.json()).toMatchObject({ code: 'CLAIM_LOST' });

    t.clock.advance(61);
    expect((await takeOver(bayo, tradeId)).statusCode).toBe(200);
    const lost = await heartbeat(ada, tradeId);
    expect(lost.statusCode, lost.body).toBe(409);
    expect(lost.json()).toMatchObject({
      code: 'CLAIM_LOST',
      message:
        'Bayo Lawal took over this trade. You are no longer reviewing it, and cannot decide it.',
    });
    // Ada's heartbeat did not win it back.
    expect((await claimRow(tradeId))?.claimedByUserId).toBe(bayo.user.id);
  });
});

describe('taking over a claim', () => {
  it('is refused while the holder’s page is heard from, and changes nothing', async () => {
    const { tradeId } = await claimedBy(ada);
    t.clock.advance(59);
    const fresh = await takeOver(bayo, tradeId);
    expect(fresh.statusCode, fresh.body).toBe(409);
    expect(fresh.json()).toMatchObject({
      code: 'CLAIMED',
      message:
        'Ada Obi still has this trade open: it can be taken over only after a minute with no sign of their page.',
    });

    // A heartbeat starts the minute again.
    expect((await heartbeat(ada, tradeId)).statusCode).toBe(200);
    t.clock.advance(45);
    expect((await takeOver(bayo, tradeId)).statusCode).toBe(409);
    expect((await claimRow(tradeId))?.claimedByUserId).toBe(ada.user.id);
    expect(await actionsOf(tradeId)).toEqual(['trade.claim']);
  });

  it('is allowed after a minute of silence, audited with whose claim it was', async () => {
    const { tradeId } = await claimedBy(ada);
    const claimedAt = t.clock.now().toISOString();
    t.clock.advance(60);
    const response = await takeOver(bayo, tradeId);
    expect(response.statusCode, response.body).toBe(200);
    const taken = bodyOf<ClaimedTrade>(response).data;
    expect(taken.claim).toMatchObject({ holder: { id: bayo.user.id }, until: secondsFromNow(600) });
    expect(taken.release_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await actionsOf(tradeId)).toEqual(['trade.claim', 'trade.claim_take_over']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, tradeId), eq(auditLog.action, 'trade.claim_take_over')));
    expect(entry).toMatchObject({
      actorUserId: bayo.user.id,
      before: { claimed_by: ada.user.id, last_seen_at: claimedAt },
      after: { claimed_by: bayo.user.id, claimed_until: secondsFromNow(600) },
    });
    // Only the new holder may decide it now.
    expect((await approve(t.app, ada, tradeId)).statusCode).toBe(409);
  });

  it('refuses a user who is not an operator, and changes nothing', async () => {
    const { tradeId } = await claimedBy(ada);
    t.clock.advance(120);
    expect((await takeOver(seller, tradeId)).statusCode).toBe(403);
    expect((await heartbeat(seller, tradeId)).statusCode).toBe(403);
    expect((await claimRow(tradeId))?.claimedByUserId).toBe(ada.user.id);
  });
});

describe('releasing by beacon', () => {
  it('ends the holder’s claim with its token, once, audited as the holder’s release', async () => {
    const { tradeId, token } = await claimedBy(ada);
    const first = await beacon({ trade_id: tradeId, release_token: token });
    expect(first.statusCode, first.body).toBe(200);
    expect(bodyOf<{ released: boolean }>(first).data).toEqual({ released: true });
    expect(await claimRow(tradeId)).toMatchObject({
      claimedByUserId: null,
      claimExpiresAt: null,
      claimReleaseTokenHash: null,
    });
    const [, release] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, tradeId))
      .orderBy(asc(auditLog.createdAt));
    expect(release).toMatchObject({
      action: 'trade.release',
      actorUserId: ada.user.id,
      after: { claimed_by: null, page_closed: true },
    });

    // Used once: Bayo claims, and Ada's old token cannot end his claim.
    expect((await claim(bayo, tradeId)).statusCode).toBe(200);
    const again = await beacon({ trade_id: tradeId, release_token: token });
    expect(again.statusCode, again.body).toBe(200);
    expect(bodyOf<{ released: boolean }>(again).data).toEqual({ released: false });
    expect((await claimRow(tradeId))?.claimedByUserId).toBe(bayo.user.id);
  });

  it('releases nothing with a token given for another claim or trade', async () => {
    const mine = await claimedBy(ada);
    const theirs = await claimedBy(bayo);
    // Ada's token on Bayo's trade, and a token of the right shape that nobody was given.
    for (const body of [
      { trade_id: theirs.tradeId, release_token: mine.token },
      { trade_id: theirs.tradeId, release_token: 'A'.repeat(43) },
    ]) {
      const response = await beacon(body);
      expect(response.statusCode, response.body).toBe(200);
      expect(bodyOf<{ released: boolean }>(response).data).toEqual({ released: false });
    }
    expect((await claimRow(theirs.tradeId))?.claimedByUserId).toBe(bayo.user.id);

    // A claim taken over: the silent holder's closing beacon no longer ends anything.
    t.clock.advance(61);
    expect((await takeOver(bayo, mine.tradeId)).statusCode).toBe(200);
    const late = await beacon({ trade_id: mine.tradeId, release_token: mine.token });
    expect(bodyOf<{ released: boolean }>(late).data).toEqual({ released: false });
    expect((await claimRow(mine.tradeId))?.claimedByUserId).toBe(bayo.user.id);
  });

  it('keeps a second tab’s claim when the first tab closes (each claim replaces the token)', async () => {
    const { tradeId, token: firstTab } = await claimedBy(ada);
    const secondTab = await claim(ada, tradeId);
    expect(secondTab.statusCode).toBe(200);
    const response = await beacon({ trade_id: tradeId, release_token: firstTab });
    expect(bodyOf<{ released: boolean }>(response).data).toEqual({ released: false });
    expect((await claimRow(tradeId))?.claimedByUserId).toBe(ada.user.id);
    const second = bodyOf<ClaimedTrade>(secondTab).data.release_token;
    expect(
      bodyOf<{ released: boolean }>(await beacon({ trade_id: tradeId, release_token: second }))
        .data,
    ).toEqual({ released: true });
  });

  it('reads the body sent as application/json too, and refuses a malformed one plainly', async () => {
    const { tradeId, token } = await claimedBy(ada);
    const bad = await beacon('{"trade_id":', 'text/plain');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'error' });
    const missing = await beacon({ trade_id: tradeId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: [{ field: 'release_token', message: 'release_token is required' }],
    });
    expect((await claimRow(tradeId))?.claimedByUserId).toBe(ada.user.id);
    const json = await beacon({ trade_id: tradeId, release_token: token }, 'application/json');
    expect(bodyOf<{ released: boolean }>(json).data).toEqual({ released: true });
  });
});
