import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  listenOnLoopback,
  openEventStream,
  settle,
  type EventStreamClient,
  type ReceivedEvent,
} from '../../../test/event-stream-client';
import { approve, submitTrade, tradableSubcategory } from '../../../test/trades';
import { bankId, runPayoutJob, sellerWithdrawing } from '../../../test/withdrawals';
import { eventsAfter } from './events.repository';
import { publishEvent, pruneEvents } from './events.service';

/**
 * The live stream (decision 069), over real HTTP against the real database: what a user hears,
 * when (after the commit, never for a rollback), what they never hear (another user's), what a
 * reconnection replays, the heartbeat, the console's queue, and two API processes on one
 * database.
 */

let t: TestApp;
let baseUrl: string;
let operator: Session;
let subcategoryId: string;
const streams: EventStreamClient[] = [];

async function streamOf(session: Session, options: { lastEventId?: string; url?: string } = {}) {
  const stream = await openEventStream(options.url ?? baseUrl, session.token, options);
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

/** How many open streams the shared record counts for a user (decision 079). */
async function openStreamsOf(userId: string) {
  const result = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from open_streams where user_id = ${userId}`,
  );
  return result.rows[0]?.n ?? -1;
}

const tradeEvent = (tradeId: string, status: string) => (event: ReceivedEvent) =>
  event.type === 'trade' &&
  (event.data as { id: string; status: string }).id === tradeId &&
  (event.data as { status: string }).status === status;

/**
 * Three notices for one user, the second committed out of order: `early` commits first; `slow`
 * takes its id next but commits only after `quick`, which takes a higher id and commits. A
 * reader who saw `quick` (`seen`) had not seen `slow`: ids follow inserts, commits may not.
 */
async function committedOutOfOrder(userId: string) {
  const notice = (id: string) => ({
    userId,
    type: 'notice' as const,
    data: { id, kind: 'rate_alert' as const },
  });
  const idOf = async (noticeId: string) => {
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select id::text from events where data->>'id' = ${noticeId}`,
    );
    return Number(rows[0]?.id);
  };
  const [early, slow, quick] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  await publishEvent(t.db, notice(early));
  let commitSlow!: () => void;
  const slowMayCommit = new Promise<void>((resolve) => (commitSlow = resolve));
  let markInserted!: () => void;
  const slowHasItsId = new Promise<void>((resolve) => (markInserted = resolve));
  const slowChange = t.db.transaction(async (tx) => {
    await publishEvent(tx, notice(slow));
    markInserted();
    await slowMayCommit;
  });
  await slowHasItsId;
  await publishEvent(t.db, notice(quick));
  commitSlow();
  await slowChange;
  const ids = { early: await idOf(early), slow: await idOf(slow), seen: await idOf(quick) };
  expect(ids.early).toBeLessThan(ids.slow);
  expect(ids.slow).toBeLessThan(ids.seen);
  return {
    seen: ids.seen,
    early: { id: ids.early, noticeId: early },
    slow: { id: ids.slow, noticeId: slow },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
  operator = await signedInOperator(t.app, t.db);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('GET /api/v1/events', () => {
  it('tells the seller of an approval as it is committed: the trade, then the notice, with ids', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const stream = await streamOf(seller);

    const response = await approve(t.app, operator, trade.id);
    expect(response.statusCode, response.body).toBe(200);

    const approved = await stream.waitFor(tradeEvent(trade.id, 'approved'));
    expect(approved.data).toEqual({ id: trade.id, reference: trade.reference, status: 'approved' });
    expect(approved.id).toMatch(/^\d+$/);
    const notice = await stream.waitFor((event) => event.type === 'notice');
    expect(notice.data).toMatchObject({ kind: 'trade_approved' });
    expect(Number(notice.id)).toBeGreaterThan(Number(approved.id));
  });

  it('delivers only after the commit, and never what was rolled back', async () => {
    const seller = await signedInUser(t.app);
    const stream = await streamOf(seller);
    const data = (id: string) => ({ id, kind: 'rate_alert' as const });
    const committed = crypto.randomUUID();
    const rolledBack = crypto.randomUUID();

    await t.db.transaction(async (tx) => {
      await publishEvent(tx, { userId: seller.user.id, type: 'notice', data: data(committed) });
      await settle(300);
      // Written, not committed: nothing yet.
      expect(stream.events).toEqual([]);
    });
    await stream.waitFor((event) => (event.data as { id: string }).id === committed);

    await expect(
      t.db.transaction(async (tx) => {
        await publishEvent(tx, { userId: seller.user.id, type: 'notice', data: data(rolledBack) });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await settle(300);
    expect(stream.events.map((event) => (event.data as { id: string }).id)).toEqual([committed]);
  });

  it("never sends one user another user's events", async () => {
    const alice = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const bobs = await streamOf(bob);
    const alices = await streamOf(alice);
    const trade = await submitTrade(t.app, alice, subcategoryId);
    expect((await approve(t.app, operator, trade.id)).statusCode).toBe(200);
    await alices.waitFor(tradeEvent(trade.id, 'approved'));
    await settle(200);
    expect(bobs.events).toEqual([]);
  });

  it('replays what was missed after Last-Event-ID, and nothing before it', async () => {
    const seller = await signedInUser(t.app);
    const first = await submitTrade(t.app, seller, subcategoryId);
    const stream = await streamOf(seller);
    expect((await approve(t.app, operator, first.id)).statusCode).toBe(200);
    const seen = await stream.waitFor((event) => event.type === 'notice');
    stream.close();

    // While the seller is away: a second trade is submitted and approved.
    const second = await submitTrade(t.app, seller, subcategoryId);
    expect((await approve(t.app, operator, second.id)).statusCode).toBe(200);

    const back = await streamOf(seller, { lastEventId: seen.id ?? '' });
    await back.waitFor(tradeEvent(second.id, 'approved'));
    await back.waitFor((event) => event.type === 'notice');
    expect(back.events.map((event) => event.type)).toEqual(['trade', 'trade', 'notice']);
    expect(back.events.map((event) => (event.data as { status?: string }).status)).toEqual([
      'pending',
      'approved',
      undefined,
    ]);
    expect(back.events.every((event) => Number(event.id) > Number(seen.id))).toBe(true);
  });

  it('replays an earlier id that committed after the one the client saw, and nothing it saw', async () => {
    const seller = await signedInUser(t.app);
    const { seen, slow } = await committedOutOfOrder(seller.user.id);

    const back = await streamOf(seller, { lastEventId: String(seen) });
    await back.waitFor((event) => (event.data as { id?: string }).id === slow.noticeId);
    await settle(300);
    expect(back.events.map((event) => (event.data as { id?: string }).id)).toEqual([slow.noticeId]);
  });

  it('gives a process catching up after a LISTEN outage the same earlier ids that committed later', async () => {
    const seller = await signedInUser(t.app);
    const { seen, slow, early } = await committedOutOfOrder(seller.user.id);

    const caughtUp = (await eventsAfter(t.db, seen, 1000)).map((row) => row.id);
    expect(caughtUp).toContain(slow.id);
    expect(caughtUp).not.toContain(early.id);
    expect(caughtUp.filter((id) => id <= seen)).toEqual([slow.id]);
  });

  it('replays only the last 24 hours, and the hourly prune removes what is older', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId);
    await t.db.execute(
      sql`update events set created_at = now() - interval '25 hours' where user_id = ${seller.user.id}`,
    );
    const back = await streamOf(seller, { lastEventId: '0' });
    await settle(300);
    expect(back.events.filter(tradeEvent(trade.id, 'pending'))).toEqual([]);

    expect(await pruneEvents(t.app.ctx)).toBeGreaterThanOrEqual(1);
    // What is older than the window is gone (a row the app writes later for this seller, a
    // notice say, is not the prune's to remove).
    const left = await t.db.execute(
      sql`select count(*)::int as n from events
          where user_id = ${seller.user.id} and created_at < now() - interval '24 hours'`,
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  });

  it('refuses a malformed Last-Event-ID with the envelope', async () => {
    const seller = await signedInUser(t.app);
    const response = await fetch(`${baseUrl}/api/v1/events`, {
      headers: { authorization: seller.token, 'last-event-id': 'yesterday' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error' });
    // A refused stream is not counted as connected (decision 079).
    expect(await openStreamsOf(seller.user.id)).toBe(0);
  });

  it('refuses a stream without a valid token (403), and a sixth stream of one user (429)', async () => {
    const anonymous = await fetch(`${baseUrl}/api/v1/events`);
    expect(anonymous.status).toBe(403);
    const seller = await signedInUser(t.app);
    for (let i = 0; i < 5; i += 1) await streamOf(seller);
    const sixth = await fetch(`${baseUrl}/api/v1/events`, {
      headers: { authorization: seller.token },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('60');
    expect(await openStreamsOf(seller.user.id)).toBe(5);
  });

  it('tells a seller of their withdrawal, through the payout worker’s outcome', async () => {
    const gtbank = await bankId(t.app, operator);
    const { seller, withdrawal } = await sellerWithdrawing(t.app, t.db, {
      operator,
      bankId: gtbank,
    });
    const sellers = await streamOf(seller, { lastEventId: '0' });
    await sellers.waitFor(
      (event) =>
        event.type === 'withdrawal' &&
        (event.data as { status: string }).status === 'pending' &&
        (event.data as { id: string }).id === withdrawal.id,
    );
    await runPayoutJob(t.app, withdrawal.id);
    const settled = await sellers.waitFor(
      (event) =>
        event.type === 'withdrawal' && (event.data as { status: string }).status !== 'pending',
    );
    expect(settled.data).toMatchObject({ id: withdrawal.id, status: 'processing' });
  });

  it('tells staff of a new withdrawal and of its payout’s outcome (the money desk); another seller hears neither', async () => {
    const gtbank = await bankId(t.app, operator);
    const staff = await streamOf(operator);
    const bystander = await signedInUser(t.app);
    const bystanders = await streamOf(bystander);
    const { withdrawal } = await sellerWithdrawing(t.app, t.db, { operator, bankId: gtbank });
    const deskEvent = (status: string) => (event: ReceivedEvent) =>
      event.type === 'withdrawal' &&
      (event.data as { id: string }).id === withdrawal.id &&
      (event.data as { status: string }).status === status;
    const requested = await staff.waitFor(deskEvent('pending'));
    expect(requested.data).toEqual({
      id: withdrawal.id,
      reference: withdrawal.transaction_id,
      status: 'pending',
    });
    await runPayoutJob(t.app, withdrawal.id);
    await staff.waitFor(deskEvent('processing'));
    await settle(200);
    expect(bystanders.events.filter((event) => event.type === 'withdrawal')).toEqual([]);
  });
});

describe('the console queue', () => {
  it('tells staff of a new trade, a claim and a decision; a seller never hears the queue', async () => {
    const seller = await signedInUser(t.app);
    const staff = await streamOf(operator);
    const sellers = await streamOf(seller);
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const queued = (change: string) => (event: ReceivedEvent) =>
      event.type === 'queue' &&
      (event.data as { id: string; change: string }).id === trade.id &&
      (event.data as { change: string }).change === change;

    await staff.waitFor(queued('submitted'));
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/trades/${trade.id}/claim`,
      headers: { authorization: operator.token },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    await staff.waitFor(queued('claimed'));
    expect((await approve(t.app, operator, trade.id)).statusCode).toBe(200);
    const decided = await staff.waitFor(queued('decided'));
    expect(decided.data).toEqual({ id: trade.id, change: 'decided', status: 'approved' });

    await sellers.waitFor(tradeEvent(trade.id, 'approved'));
    expect(sellers.events.filter((event) => event.type === 'queue')).toEqual([]);
  });
});

describe('conversations', () => {
  it('tells the seller and the desk of each message and of the resolve, in the change’s transaction', async () => {
    const seller = await signedInUser(t.app);
    const sellerStream = await streamOf(seller);
    const staffStream = await streamOf(operator);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/support/messages/${seller.user.id}`,
      headers: { authorization: seller.token },
      payload: { body: 'When will my withdrawal arrive?' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { conversation, message } = (
      JSON.parse(asked.body) as {
        data: { conversation: { id: string }; message: { id: string } };
      }
    ).data;
    const messageEvent = (id: string, status: string) => (event: ReceivedEvent) =>
      event.type === 'message' &&
      (event.data as { id: string; status: string }).id === id &&
      (event.data as { status: string }).status === status;
    // The seller's own message: the desk hears of it (its queue), and so does the seller's other tab.
    const heard = await staffStream.waitFor(messageEvent(message.id, 'open'));
    expect(heard.data).toEqual({
      id: message.id,
      conversation_id: conversation.id,
      trade_id: null,
      status: 'open',
    });
    await sellerStream.waitFor(messageEvent(message.id, 'open'));

    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/support/${conversation.id}/messages`,
      headers: { authorization: operator.token },
      payload: { body: 'Today, within the hour.' },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const reply = await sellerStream.waitFor(
      (event) =>
        event.type === 'message' &&
        (event.data as { status: string }).status === 'waiting_for_seller',
    );
    expect((reply.data as { conversation_id: string }).conversation_id).toBe(conversation.id);

    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/support/${conversation.id}/resolve`,
      headers: { authorization: operator.token },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await sellerStream.waitFor(messageEvent(conversation.id, 'resolved'));
  });
});

describe('the heartbeat', () => {
  it('writes a heartbeat comment every EVENTS_HEARTBEAT_MS', async () => {
    const quick = await createTestApp({ env: { EVENTS_HEARTBEAT_MS: '50' } });
    try {
      const url = await listenOnLoopback(quick.app);
      const seller = await signedInUser(quick.app);
      const stream = await openEventStream(url, seller.token);
      await settle(400);
      stream.close();
      expect(
        stream.comments.filter((comment) => comment === 'heartbeat').length,
      ).toBeGreaterThanOrEqual(3);
      expect(stream.events).toEqual([]);
    } finally {
      await quick.close();
    }
  });
});

describe('two API processes on one database', () => {
  it('delivers an approval made on app A to a stream held on app B', async () => {
    const b = await createTestApp({ databaseUrl: t.databaseUrl });
    try {
      const urlB = await listenOnLoopback(b.app);
      const seller = await signedInUser(t.app);
      const trade = await submitTrade(t.app, seller, subcategoryId);
      const onB = await streamOf(seller, { url: urlB });

      expect((await approve(t.app, operator, trade.id)).statusCode).toBe(200);
      const heard = await onB.waitFor(tradeEvent(trade.id, 'approved'));
      expect(heard.data).toMatchObject({ status: 'approved' });
      onB.close();
    } finally {
      await b.close();
    }
  });
});
