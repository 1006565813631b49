import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerMessageSent } from '@karta/shared/schemas/support';
import { bodyOf, mailsTo, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  listenOnLoopback,
  openEventStream,
  settle,
  type EventStreamClient,
} from '../../../test/event-stream-client';
import { sweepOpenStreams } from './events.service';

/**
 * Who holds a live stream, known to every API process (decision 079), over real HTTP on one
 * database shared by two app instances: a seller reading on B is not mailed for a message written
 * on A; once the stream closes, or once its row is stale (its process died), they are.
 */

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
let operator: Session;
const streams: EventStreamClient[] = [];

async function streamOn(url: string, session: Session) {
  const stream = await openEventStream(url, session.token);
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

/** The seller's open streams as the shared record holds them, and how old each is. */
async function rowsOf(app: TestApp, userId: string) {
  const { rows } = await app.db.execute<{ process_id: string; age_s: number }>(
    sql`select process_id, extract(epoch from now() - seen_at)::float as age_s
        from open_streams where user_id = ${userId}`,
  );
  return rows;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not: ${what}`);
    await settle(25);
  }
}

/** A seller's question, answered by the operator on app A: answers the conversation's id. */
async function startConversation(seller: Session) {
  const asked = await a.app.inject({
    method: 'POST',
    url: `/api/v1/support/messages/${seller.user.id}`,
    headers: { authorization: seller.token },
    payload: { body: 'When will my payout arrive?' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return bodyOf<SellerMessageSent>(asked).data.conversation.id;
}

async function staffReply(conversationId: string, body: string) {
  const replied = await a.app.inject({
    method: 'POST',
    url: `/api/v1/admin/support/${conversationId}/messages`,
    headers: { authorization: operator.token },
    payload: { body },
  });
  expect(replied.statusCode, replied.body).toBe(201);
}

const mailCount = async (seller: Session) => (await mailsTo(a.app, seller.email)).length;

beforeAll(async () => {
  a = await createTestApp();
  // A second API process on the same database, with a quick heartbeat.
  b = await createTestApp({ databaseUrl: a.databaseUrl, env: { EVENTS_HEARTBEAT_MS: '100' } });
  urlA = await listenOnLoopback(a.app);
  urlB = await listenOnLoopback(b.app);
  operator = await signedInOperator(a.app, a.db);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await b.close();
  await a.close();
});

describe('a seller connected on another API process', () => {
  it('is not mailed while their stream is open there; after it closes, the next message mails', async () => {
    const seller = await signedInUser(a.app);
    const conversationId = await startConversation(seller);
    // The mails of signing up, which are not this test's.
    const before = await mailCount(seller);
    const stream = await streamOn(urlB, seller);
    expect(await rowsOf(a, seller.user.id)).toHaveLength(1);

    await staffReply(conversationId, 'Looking at it now.');
    // The message reached the open stream, and no mail was owed.
    await stream.waitFor(
      (event) =>
        event.type === 'message' &&
        (event.data as { status: string }).status === 'waiting_for_seller',
    );
    expect(await mailCount(seller)).toBe(before);

    stream.close();
    await until(async () => (await rowsOf(a, seller.user.id)).length === 0, 'the row deleted');
    // A connected seller took no mail turn: the first message they are away for is mailed.
    await staffReply(conversationId, 'It is paid.');
    const mails = await mailsTo(a.app, seller.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toBe('You have a new message from the Karta team');
  });

  it('does not count a stream whose row went stale (its process died), and the sweep removes it', async () => {
    const seller = await signedInUser(a.app);
    const conversationId = await startConversation(seller);
    const before = await mailCount(seller);
    // What a process killed with -9 leaves: a row nobody touches any more.
    const deadProcess = randomUUID();
    await a.db.execute(
      sql`insert into open_streams (process_id, stream_id, user_id, seen_at)
          values (${deadProcess}, 1, ${seller.user.id}, now() - interval '61 seconds')`,
    );
    await staffReply(conversationId, 'We are on it.');
    expect(await mailCount(seller)).toBe(before + 1);

    const live = await streamOn(urlB, seller);
    expect(await sweepOpenStreams(a.app.ctx)).toBeGreaterThanOrEqual(1);
    const left = await rowsOf(a, seller.user.id);
    expect(left).toHaveLength(1);
    expect(left[0]?.process_id).not.toBe(deadProcess);
    live.close();
  });
});

describe('the cap on one user’s streams', () => {
  it('counts the streams held on every process: a sixth is refused on either, until one closes', async () => {
    const seller = await signedInUser(a.app);
    const onA: EventStreamClient[] = [];
    for (let i = 0; i < 3; i += 1) onA.push(await streamOn(urlA, seller));
    for (let i = 0; i < 2; i += 1) await streamOn(urlB, seller);
    for (const url of [urlA, urlB]) {
      const sixth = await fetch(`${url}/api/v1/events`, {
        headers: { authorization: seller.token },
      });
      expect(sixth.status, url).toBe(429);
      expect(sixth.headers.get('retry-after')).toBe('60');
      await sixth.body?.cancel();
    }
    expect(await rowsOf(a, seller.user.id)).toHaveLength(5);

    onA[0]?.close();
    await until(async () => (await rowsOf(a, seller.user.id)).length === 4, 'the row deleted');
    await streamOn(urlB, seller);
  });
});

describe('the record of open streams', () => {
  it('is marked seen at each heartbeat, and mended when the database lost a row', async () => {
    const seller = await signedInUser(b.app);
    const stream = await streamOn(urlB, seller);
    await b.db.execute(
      sql`update open_streams set seen_at = now() - interval '50 seconds' where user_id = ${seller.user.id}`,
    );
    await until(
      async () => ((await rowsOf(b, seller.user.id))[0]?.age_s ?? 60) < 5,
      'seen again at the heartbeat',
    );
    // A sweep while the process could not reach the database: the next heartbeat writes it again.
    await b.db.execute(sql`delete from open_streams where user_id = ${seller.user.id}`);
    await until(async () => (await rowsOf(b, seller.user.id)).length === 1, 'written again');
    stream.close();
    await until(async () => (await rowsOf(b, seller.user.id)).length === 0, 'deleted at close');
  });

  it('loses every row of a process that stops', async () => {
    const c = await createTestApp({ databaseUrl: a.databaseUrl });
    const seller = await signedInUser(c.app);
    const stream = await openEventStream(await listenOnLoopback(c.app), seller.token);
    expect(await rowsOf(a, seller.user.id)).toHaveLength(1);
    await c.close();
    stream.close();
    expect(await rowsOf(a, seller.user.id)).toHaveLength(0);
  });
});
