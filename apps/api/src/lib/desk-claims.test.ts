import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimHeartbeat } from '@karta/shared/schemas/claims';
import type { SellerMessageSent } from '@karta/shared/schemas/support';
import { auditLog } from '../db/schema/audit-log';
import { kycSubmissions } from '../db/schema/kyc-submissions';
import { supportConversations } from '../db/schema/support';
import { bodyOf, post as postJson, signedInUser, type Session } from '../../test/accounts';
import { signedInOperator } from '../../test/catalog';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { allDocumentParts, LICENCE_FIELDS, sendKycDocuments } from '../../test/kyc-documents';
import { verifyNin } from '../../test/withdrawals';

/**
 * Decision 078: the KYC and support desks' claims live while their page does, as a trade's do
 * (decision 072, whose own tests are trade-claim-liveness.test.ts): the page's heartbeat keeps
 * the claim, a beacon with the claim's release token ends it once as the page closes, a claim
 * whose page has been silent for a minute can be taken over (audited with the desk's name), and
 * another operator's claim is not theirs to release.
 */

let t: TestApp;
let ada: Session;
let bayo: Session;
let start: Date;
let bvnCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ada', last_name: 'Obi' });
  bayo = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Bayo', last_name: 'Lawal' });
  start = t.clock.now();
});
afterEach(() => {
  // Back to the start, so the sessions (15 minutes) outlive every test's moving of the clock.
  t.clock.set(start);
});
afterAll(() => t.close());

/** A KYC submission waiting for review: a seller at tier 2 sends the documents. */
async function kycSubmission() {
  const seller = await signedInUser(t.app);
  bvnCounter += 1;
  const bvn = `3${String(Date.now()).slice(-6)}${String(bvnCounter).padStart(4, '0')}`;
  const kyc = await postJson(
    t.app,
    `/user/verify_kyc/${seller.user.id}`,
    { bvn },
    { authorization: seller.token },
  );
  expect(kyc.statusCode, kyc.body).toBe(200);
  expect((await verifyNin(t.app, seller)).statusCode).toBe(200);
  const sent = await sendKycDocuments(t.app, seller, {
    fields: LICENCE_FIELDS,
    parts: await allDocumentParts(),
    userId: seller.user.id,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return bodyOf<{ id: string }>(sent).data.id;
}

/** A general support conversation a seller opened. */
async function supportConversation() {
  const seller = await signedInUser(t.app);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/v1/support/messages/${seller.user.id}`,
    headers: { authorization: seller.token },
    payload: { body: 'Where is my money?' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return bodyOf<SellerMessageSent>(sent).data.conversation.id;
}

const DESKS = [
  {
    desk: 'kyc',
    admin: '/api/v1/admin/kyc',
    beaconUrl: '/api/v1/kyc_claims/release',
    idField: 'submission_id',
    targetType: 'kyc_submission',
    thing: 'these documents',
    make: kycSubmission,
    holderOf: async (id: string) =>
      (await t.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)))[0],
  },
  {
    desk: 'support',
    admin: '/api/v1/admin/support',
    beaconUrl: '/api/v1/support_claims/release',
    idField: 'conversation_id',
    targetType: 'support_conversation',
    thing: 'this conversation',
    make: supportConversation,
    holderOf: async (id: string) =>
      (await t.db.select().from(supportConversations).where(eq(supportConversations.id, id)))[0],
  },
] as const;

describe.each(DESKS)('the $desk desk’s claims', (d) => {
  const post = (session: Session, id: string, action: string) =>
    t.app.inject({
      method: 'POST',
      url: `${d.admin}/${id}/${action}`,
      headers: { authorization: session.token },
    });
  const claim = (session: Session, id: string) => post(session, id, 'claim');
  const heartbeat = (session: Session, id: string) => post(session, id, 'heartbeat');
  const takeOver = (session: Session, id: string) => post(session, id, 'take_over');
  const release = (session: Session, id: string) => post(session, id, 'release');
  /** What the closing page sends: no session, the body a string as sendBeacon sends one. */
  const beacon = (id: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: d.beaconUrl,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ [d.idField]: id, release_token: token }),
    });
  const allEntriesOf = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, d.targetType), eq(auditLog.targetId, id)))
      .orderBy(asc(auditLog.createdAt));
  /** The claim's steps in the trail (a support conversation's first message is audited too). */
  const entriesOf = async (id: string) =>
    (await allEntriesOf(id)).filter((entry) => /\.(claim|release)/.test(entry.action));
  const actionsOf = async (id: string) => (await entriesOf(id)).map((entry) => entry.action);
  const secondsFromNow = (seconds: number) =>
    new Date(t.clock.now().getTime() + seconds * 1000).toISOString();

  async function claimedBy(session: Session) {
    const id = await d.make();
    const response = await claim(session, id);
    expect(response.statusCode, response.body).toBe(200);
    const claimed = bodyOf<{ release_token: string; claim: unknown }>(response).data;
    expect(claimed.release_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(claimed.claim).toMatchObject({
      by_user_id: session.user.id,
      seen_at: t.clock.now().toISOString(),
    });
    return { id, token: claimed.release_token };
  }

  it('keeps a claim by heartbeats alone past its ten minutes, without auditing them', async () => {
    const { id } = await claimedBy(ada);
    t.clock.advance(30);
    const beat = await heartbeat(ada, id);
    expect(beat.statusCode, beat.body).toBe(200);
    expect(bodyOf<ClaimHeartbeat>(beat).data).toEqual({
      until: secondsFromNow(600),
      seen_at: t.clock.now().toISOString(),
    });
    for (let n = 0; n < 25; n += 1) {
      t.clock.advance(30);
      expect((await heartbeat(ada, id)).statusCode).toBe(200);
    }
    // Twelve and a half minutes on, the claim is still Ada's.
    const refused = await claim(bayo, id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CLAIMED' });
    expect(await actionsOf(id)).toEqual([`${d.desk}.claim`]);
  });

  it('answers 409 CLAIM_LOST to a heartbeat from someone who does not hold the claim', async () => {
    const { id } = await claimedBy(ada);
    const lost = await heartbeat(bayo, id);
    expect(lost.statusCode, lost.body).toBe(409);
    expect(lost.json()).toMatchObject({ code: 'CLAIM_LOST' });
    expect((await d.holderOf(id))?.claimedByUserId).toBe(ada.user.id);
  });

  it('refuses a take-over before a minute of silence, and changes nothing', async () => {
    const { id } = await claimedBy(ada);
    t.clock.advance(59);
    const early = await takeOver(bayo, id);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'CLAIMED',
      message: `Ada Obi still has ${d.thing} open: ${d.desk === 'kyc' ? 'they' : 'it'} can be taken over only after a minute with no sign of their page.`,
    });
    // A heartbeat starts the minute again.
    expect((await heartbeat(ada, id)).statusCode).toBe(200);
    t.clock.advance(45);
    expect((await takeOver(bayo, id)).statusCode).toBe(409);
    expect((await d.holderOf(id))?.claimedByUserId).toBe(ada.user.id);
    expect(await actionsOf(id)).toEqual([`${d.desk}.claim`]);
  });

  it('allows a take-over after a minute of silence, audited with whose claim it was', async () => {
    const { id, token } = await claimedBy(ada);
    const claimedAt = t.clock.now().toISOString();
    t.clock.advance(60);
    const taken = await takeOver(bayo, id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(bodyOf<{ claim: unknown }>(taken).data.claim).toMatchObject({
      by_user_id: bayo.user.id,
      by_name: 'Bayo Lawal',
      until: secondsFromNow(600),
    });
    const entries = await entriesOf(id);
    expect(entries.map((entry) => entry.action)).toEqual([
      `${d.desk}.claim`,
      `${d.desk}.claim_take_over`,
    ]);
    expect(entries[1]).toMatchObject({
      actorUserId: bayo.user.id,
      before: { claimed_by: ada.user.id, last_seen_at: claimedAt },
      after: { claimed_by: bayo.user.id, claimed_until: secondsFromNow(600) },
    });
    // Ada's page learns it on its next heartbeat, and her old token releases nothing.
    const lost = await heartbeat(ada, id);
    expect(lost.statusCode, lost.body).toBe(409);
    expect(lost.json()).toMatchObject({ code: 'CLAIM_LOST' });
    expect(lost.json<{ message: string }>().message).toMatch(/^Bayo Lawal took over /);
    expect(bodyOf<{ released: boolean }>(await beacon(id, token)).data.released).toBe(false);
    expect((await d.holderOf(id))?.claimedByUserId).toBe(bayo.user.id);
  });

  it('releases by the beacon’s token once, audited as the holder’s release', async () => {
    const { id, token } = await claimedBy(ada);
    const first = await beacon(id, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(bodyOf<{ released: boolean }>(first).data).toEqual({ released: true });
    expect(await d.holderOf(id)).toMatchObject({
      claimedByUserId: null,
      claimExpiresAt: null,
      claimReleaseTokenHash: null,
    });
    const entries = await entriesOf(id);
    expect(entries.at(-1)).toMatchObject({
      action: `${d.desk}.release`,
      actorUserId: ada.user.id,
      after: { claimed_by: null, page_closed: true },
    });

    // Used once: Bayo claims, and Ada's old token cannot end his claim.
    expect((await claim(bayo, id)).statusCode).toBe(200);
    const again = await beacon(id, token);
    expect(again.statusCode, again.body).toBe(200);
    expect(bodyOf<{ released: boolean }>(again).data).toEqual({ released: false });
    expect((await d.holderOf(id))?.claimedByUserId).toBe(bayo.user.id);
  });

  it('refuses another operator’s release, naming the holder, and changes nothing', async () => {
    const { id } = await claimedBy(ada);
    const refused = await release(bayo, id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CLAIMED' });
    expect(refused.json<{ message: string }>().message).toMatch(/^Ada Obi is /);
    expect((await d.holderOf(id))?.claimedByUserId).toBe(ada.user.id);

    // The holder's own release ends it, audited.
    const own = await release(ada, id);
    expect(own.statusCode, own.body).toBe(200);
    expect((await d.holderOf(id))?.claimedByUserId).toBeNull();
    expect(await actionsOf(id)).toEqual([`${d.desk}.claim`, `${d.desk}.release`]);
  });

  it('refuses a beacon with a malformed token, and changes nothing', async () => {
    const { id } = await claimedBy(ada);
    const response = await beacon(id, 'not-a-token');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      status: 'error',
      errors: [{ field: 'release_token', message: 'release_token is not a release token' }],
    });
    expect((await d.holderOf(id))?.claimedByUserId).toBe(ada.user.id);
  });
});
