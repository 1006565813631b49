import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '@karta/shared/schemas/common';
import type { ConsoleOverview } from '@karta/shared/schemas/console-overview';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { NoticeList } from '@karta/shared/schemas/notices';
import type {
  SavedReply,
  SellerConversationDetail,
  SellerConversationList,
  SellerMessageSent,
  SupportConversation,
  SupportQueueItem,
} from '@karta/shared/schemas/support';
import { auditLog } from '../../db/schema/audit-log';
import { supportConversations } from '../../db/schema/support';
import {
  bodyOf,
  login,
  mailsTo,
  signedInUser,
  type Paged,
  type Session,
} from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  cardPhoto,
  multipart,
  submitTrade,
  tradableSubcategory,
  type UploadFile,
} from '../../../test/trades';

/**
 * Conversations between a seller and the Karta team (decision 070), through the HTTP door on
 * the real database: both sides, privacy (another seller's id or conversation; staff names never
 * in a seller's payload or mail), status, unread counts, the hourly mail and photos.
 */

let t: TestApp;
let operator: Session;
let otherOperator: Session;
let subcategoryId: string;
/** Names no seller may ever read: they are only the operators'. */
const STAFF_NAMES = ['Zebulon', 'Quarrington', 'Ifeoluwa', 'Ambrosetti'];

beforeAll(async () => {
  t = await createTestApp();
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
// Fresh sessions each test: tests move the clock by an hour, past an access token's life.
beforeEach(async () => {
  operator = await signedInOperator(t.app, t.db, 'operator', {
    first_name: 'Zebulon',
    last_name: 'Quarrington',
  });
  otherOperator = await signedInOperator(t.app, t.db, 'operator', {
    first_name: 'Ifeoluwa',
    last_name: 'Ambrosetti',
  });
});
afterAll(() => t.close());

/** The same account signed in again: the clock moved past its access token's 15 minutes. */
async function again(session: Session): Promise<Session> {
  const answer = await login(t.app, session.email, session.password);
  expect(answer.statusCode, answer.body).toBe(200);
  return { ...session, token: answer.json<{ token: string }>().token };
}

const errorOf = (answer: LightMyRequestResponse) => answer.json<ErrorEnvelope>();

function expectNoStaffName(text: string) {
  for (const name of STAFF_NAMES) expect(text).not.toContain(name);
  expect(text).not.toContain(operator.email);
  expect(text).not.toContain(operator.user.id);
}

const sellerGet = (seller: Session, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/support${url}`,
    headers: { authorization: seller.token },
  });

const sellerSend = (seller: Session, payload: Record<string, unknown>, userId = seller.user.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/support/messages/${userId}`,
    headers: { authorization: seller.token },
    payload,
  });

function sellerSendPhotos(seller: Session, fields: Record<string, string>, photos: UploadFile[]) {
  const body = multipart(fields, photos, 'photos');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/support/messages/${seller.user.id}`,
    headers: { ...body.headers, authorization: seller.token },
    payload: body.payload,
  });
}

const sellerRead = (seller: Session, conversationId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/support/read/${seller.user.id}`,
    headers: { authorization: seller.token },
    payload: { conversation_id: conversationId },
  });

const desk = (
  session: Session,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: session.token },
    ...(payload === undefined ? {} : { payload }),
  });

async function sent(answer: LightMyRequestResponse) {
  expect(answer.statusCode, answer.body).toBe(201);
  return bodyOf<SellerMessageSent>(answer).data;
}

const list = async (seller: Session, query = '') =>
  bodyOf<SellerConversationList>(
    await sellerGet(seller, `/conversations/${seller.user.id}${query}`),
  ).data;

const detail = async (seller: Session, id: string) => {
  const answer = await sellerGet(seller, `/conversations/${seller.user.id}/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
};

const staffReply = async (session: Session, id: string, body: string) => {
  const answer = await desk(session, 'POST', `/support/${id}/messages`, { body });
  expect(answer.statusCode, answer.body).toBe(201);
  return bodyOf<SupportConversation>(answer).data;
};

describe('a trade’s conversation, both sides', () => {
  it('goes seller → desk → seller, with status, unread counts and "Karta team"', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId);

    const first = await sent(
      await sellerSend(seller, { trade_id: trade.id, body: 'Is my card being reviewed?' }),
    );
    expect(first.conversation.status).toBe('open');
    expect(first.conversation.trade).toEqual({ id: trade.id, reference: trade.reference });
    expect(first.message).toMatchObject({ from: 'seller', author: 'You' });
    const id = first.conversation.id;

    // The second message about the trade lands in the same conversation.
    t.clock.advance(1);
    const second = await sent(await sellerSend(seller, { trade_id: trade.id, body: 'Thanks!' }));
    expect(second.conversation.id).toBe(id);

    // The desk sees it, oldest waiting first, with the trade and the seller.
    const queue = bodyOf<Paged<SupportQueueItem>>(await desk(operator, 'GET', '/support')).data;
    const row = queue.data.find((item) => item.id === id);
    expect(row?.trade?.reference).toBe(trade.reference);
    expect(row?.seller.email).toBe(seller.email);
    expect(row?.waiting_since).toBe(first.message.created_at);

    t.clock.advance(60);
    const answered = await staffReply(operator, id, 'Yes, we are on it. About 10 minutes.');
    expect(answered.status).toBe('waiting_for_seller');
    expect(answered.waiting_since).toBeNull();
    // Staff read each other's names.
    expect(answered.messages.at(-1)?.author).toBe('Zebulon Quarrington');

    // The seller reads "Karta team", one unread, and nothing of the operator anywhere.
    const mine = await list(seller);
    expect(mine.unread_count).toBe(1);
    expect(mine.data[0]).toMatchObject({ id, status: 'waiting_for_seller', unread_count: 1 });
    const page = await detail(seller, id);
    expectNoStaffName(page.body);
    const messages = bodyOf<SellerConversationDetail>(page).data.messages.data;
    expect(messages[0]).toMatchObject({ from: 'karta', author: 'Karta team' });
    expect(messages.map((message) => message.body)).toEqual([
      'Yes, we are on it. About 10 minutes.',
      'Thanks!',
      'Is my card being reviewed?',
    ]);

    const read = await sellerRead(seller, id);
    expect(read.statusCode, read.body).toBe(200);
    expect((await list(seller)).unread_count).toBe(0);

    // The seller writes again: open, waiting again; resolve; a new message opens it again.
    t.clock.advance(60);
    const again = await sent(await sellerSend(seller, { conversation_id: id, body: 'Got it' }));
    expect(again.conversation.status).toBe('open');
    const resolved = await desk(operator, 'POST', `/support/${id}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(bodyOf<SupportConversation>(resolved).data.status).toBe('resolved');
    const twice = await desk(operator, 'POST', `/support/${id}/resolve`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('ALREADY_DECIDED');
    const reopened = await sent(
      await sellerSend(seller, { conversation_id: id, body: 'One more' }),
    );
    expect(reopened.conversation.status).toBe('open');

    // Each step is audited.
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, id));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['support.message', 'support.resolve']),
    );
  });

  it('the trade review page shows the conversation, and staff may write first', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const none = await desk(operator, 'GET', `/trades/${trade.id}/conversation`);
    expect(none.statusCode, none.body).toBe(200);
    expect(bodyOf<null>(none).data).toBeNull();

    const opened = await desk(operator, 'POST', `/trades/${trade.id}/conversation/messages`, {
      body: 'Please send a clearer photo of the back.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const conversation = bodyOf<SupportConversation>(opened).data;
    expect(conversation).toMatchObject({ status: 'waiting_for_seller', trade: { id: trade.id } });

    const mine = await list(seller, `?trade_id=${trade.id}`);
    expect(mine.data.map((row) => row.id)).toEqual([conversation.id]);
    const shown = await desk(operator, 'GET', `/trades/${trade.id}/conversation`);
    expect(bodyOf<SupportConversation>(shown).data.messages).toHaveLength(1);
  });

  it('a general conversation from Contact Us has no trade', async () => {
    const seller = await signedInUser(t.app);
    const general = await sent(await sellerSend(seller, { body: 'How long do withdrawals take?' }));
    expect(general.conversation.trade).toBeNull();
    t.clock.advance(1);
    const another = await sent(await sellerSend(seller, { body: 'Another question' }));
    expect(another.conversation.id).not.toBe(general.conversation.id);
    expect((await list(seller)).data.map((row) => row.id)).toEqual([
      another.conversation.id,
      general.conversation.id,
    ]);
  });
});

describe('privacy', () => {
  it('refuses another seller’s id (403) and their conversation or trade (404), changing nothing', async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const trade = await submitTrade(t.app, owner, subcategoryId);
    const { conversation } = await sent(
      await sellerSend(owner, { trade_id: trade.id, body: 'Hi' }),
    );

    const asOwner = await t.app.inject({
      method: 'GET',
      url: `/api/v1/support/conversations/${owner.user.id}`,
      headers: { authorization: stranger.token },
    });
    expect(asOwner.statusCode).toBe(403);
    expect((await sellerSend(stranger, { body: 'x' }, owner.user.id)).statusCode).toBe(403);

    const theirs = await sellerGet(
      stranger,
      `/conversations/${stranger.user.id}/${conversation.id}`,
    );
    expect(theirs.statusCode).toBe(404);
    const post = await sellerSend(stranger, { conversation_id: conversation.id, body: 'Hijack' });
    expect(post.statusCode).toBe(404);
    const onTrade = await sellerSend(stranger, { trade_id: trade.id, body: 'Hijack' });
    expect(onTrade.statusCode).toBe(404);
    expect(errorOf(onTrade).errors[0]?.field).toBe('trade_id');
    expect((await sellerRead(stranger, conversation.id)).statusCode).toBe(404);

    expect((await list(stranger)).data).toEqual([]);
    const detailOfOwner = bodyOf<SellerConversationDetail>(await detail(owner, conversation.id));
    expect(detailOfOwner.data.messages.data.map((message) => message.body)).toEqual(['Hi']);
  });

  it('a seller may not use the desk', async () => {
    const seller = await signedInUser(t.app);
    expect((await desk(seller, 'GET', '/support')).statusCode).toBe(403);
  });

  it('never names staff in the notice, the mail or the data export', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const { conversation } = await sent(
      await sellerSend(seller, { trade_id: trade.id, body: 'Hello?' }),
    );
    t.clock.advance(1);
    await staffReply(operator, conversation.id, 'Hello from the desk');

    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toBe(`You have a new message about trade ${trade.reference}`);
    expectNoStaffName(`${mail?.subject ?? ''}${mail?.text ?? ''}${mail?.html ?? ''}`);

    const notices = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/notices/${seller.user.id}`,
      headers: { authorization: seller.token },
    });
    const support = bodyOf<NoticeList>(notices).data.data.filter(
      (notice) => notice.kind === 'support_message',
    );
    expect(support).toHaveLength(1);
    expectNoStaffName(notices.body);

    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/data_export/${seller.user.id}`,
      headers: { authorization: seller.token },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expectNoStaffName(exported.body);
    const data = exported.json<DataExport>();
    expect(data.support[0]?.messages.map((message) => message.from)).toEqual(['You', 'Karta team']);
  });
});

describe('the hourly mail', () => {
  it('mails a seller at most once an hour per conversation, then again after the hour', async () => {
    const seller = await signedInUser(t.app);
    const { conversation } = await sent(await sellerSend(seller, { body: 'About my withdrawal' }));
    const before = (await mailsTo(t.app, seller.email)).length;

    await staffReply(operator, conversation.id, 'Looking now');
    t.clock.advance(10 * 60);
    await staffReply(operator, conversation.id, 'Found it');
    t.clock.advance(49 * 60);
    operator = await again(operator);
    await staffReply(operator, conversation.id, 'Paid');
    const within = await mailsTo(t.app, seller.email);
    expect(within.length - before).toBe(1);
    expect(within[0]?.subject).toBe('You have a new message from the Karta team');

    t.clock.advance(60);
    await staffReply(operator, conversation.id, 'Anything else?');
    const seller2 = await again(seller);
    expect((await mailsTo(t.app, seller.email)).length - before).toBe(2);

    // Another conversation of the same seller has its own hour.
    const { conversation: other } = await sent(await sellerSend(seller2, { body: 'New topic' }));
    await staffReply(operator, other.id, 'Sure');
    expect((await mailsTo(t.app, seller.email)).length - before).toBe(3);
  });
});

describe('claims', () => {
  it('another operator’s live claim blocks a reply and a resolve (409 CLAIMED naming them)', async () => {
    const seller = await signedInUser(t.app);
    const { conversation } = await sent(await sellerSend(seller, { body: 'Help' }));
    const claimed = await desk(operator, 'POST', `/support/${conversation.id}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(bodyOf<SupportConversation>(claimed).data.claim?.by_name).toBe('Zebulon Quarrington');

    const blocked = await desk(otherOperator, 'POST', `/support/${conversation.id}/messages`, {
      body: 'Me too',
    });
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked)).toMatchObject({ code: 'CLAIMED' });
    expect(errorOf(blocked).message).toContain('Zebulon Quarrington');
    expect(
      (await desk(otherOperator, 'POST', `/support/${conversation.id}/resolve`)).statusCode,
    ).toBe(409);

    const released = await desk(operator, 'POST', `/support/${conversation.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    await staffReply(otherOperator, conversation.id, 'Now me');
  });
});

describe('photos', () => {
  it('re-encodes up to 3 photos behind signed links that both sides open', async () => {
    const seller = await signedInUser(t.app);
    const answer = await sellerSendPhotos(seller, { body: 'Here is the receipt' }, [
      await cardPhoto(300, 200),
      await cardPhoto(300, 200),
    ]);
    const { message, conversation } = await sent(answer);
    expect(message.photos).toHaveLength(2);
    const photo = await t.app.inject({ method: 'GET', url: message.photos[0]?.url ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await sharp(photo.rawPayload).metadata()).exif).toBeUndefined();

    const staffView = bodyOf<SupportConversation>(
      await desk(operator, 'GET', `/support/${conversation.id}`),
    ).data;
    expect(staffView.messages[0]?.photos).toHaveLength(2);

    // A forged signature opens nothing.
    const forged = (message.photos[0]?.url ?? '').replace(/signature=[^&]+/, 'signature=x');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it('refuses a fourth photo, a file that is not an image and an empty message, storing nothing', async () => {
    const seller = await signedInUser(t.app);
    const four = await sellerSendPhotos(seller, { body: 'Four' }, [
      await cardPhoto(60, 40),
      await cardPhoto(60, 40),
      await cardPhoto(60, 40),
      await cardPhoto(60, 40),
    ]);
    expect(four.statusCode).toBe(400);
    expect(errorOf(four).errors[0]?.field).toBe('photos');

    const text = await sellerSendPhotos(seller, { body: 'Not a photo' }, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.from('hello, not an image') },
    ]);
    expect(text.statusCode).toBe(400);
    expect(errorOf(text).errors[0]?.field).toBe('photos');

    const empty = await sellerSend(seller, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('Write a message or add a photo.');

    const tooLong = await sellerSend(seller, { body: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);

    const rows = await t.db
      .select()
      .from(supportConversations)
      .where(and(eq(supportConversations.userId, seller.user.id)));
    expect(rows).toEqual([]);
  });
});

describe('limits', () => {
  it('counts a seller’s messages: the 31st in 10 minutes is 429 with Retry-After', async () => {
    const seller = await signedInUser(t.app);
    const { conversation } = await sent(await sellerSend(seller, { body: 'first' }));
    for (let i = 2; i <= 30; i += 1) {
      const answer = await sellerSend(seller, {
        conversation_id: conversation.id,
        body: `m${String(i)}`,
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const refused = await sellerSend(seller, {
      conversation_id: conversation.id,
      body: 'one more',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses naming both a trade and a conversation', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId);
    const { conversation } = await sent(await sellerSend(seller, { body: 'hi' }));
    const both = await sellerSend(seller, {
      trade_id: trade.id,
      conversation_id: conversation.id,
      body: 'Which one?',
    });
    expect(both.statusCode).toBe(400);
    expect(errorOf(both).errors[0]?.field).toBe('conversation_id');
  });
});

describe('saved replies and the overview', () => {
  it('keeps each operator’s saved replies their own', async () => {
    const made = await desk(operator, 'POST', '/saved_replies', {
      title: 'Review time',
      body: 'Most cards are reviewed within 15 minutes.',
    });
    expect(made.statusCode, made.body).toBe(201);
    const reply = bodyOf<SavedReply>(made).data;
    const mine = bodyOf<SavedReply[]>(await desk(operator, 'GET', '/saved_replies')).data;
    expect(mine.map((each) => each.id)).toContain(reply.id);
    const theirs = bodyOf<SavedReply[]>(await desk(otherOperator, 'GET', '/saved_replies')).data;
    expect(theirs.map((each) => each.id)).not.toContain(reply.id);

    const changeOther = await desk(otherOperator, 'PATCH', `/saved_replies/${reply.id}`, {
      title: 'Mine now',
      body: 'x',
    });
    expect(changeOther.statusCode).toBe(404);
    const changed = await desk(operator, 'PATCH', `/saved_replies/${reply.id}`, {
      title: 'Review time',
      body: 'Usually 15 minutes.',
    });
    expect(bodyOf<SavedReply>(changed).data.body).toBe('Usually 15 minutes.');
    expect(
      (await desk(otherOperator, 'POST', `/saved_replies/${reply.id}/delete`)).statusCode,
    ).toBe(404);
    expect((await desk(operator, 'POST', `/saved_replies/${reply.id}/delete`)).statusCode).toBe(
      200,
    );
  });

  it('shows open conversations and the oldest wait on the overview', async () => {
    const seller = await signedInUser(t.app);
    await sent(await sellerSend(seller, { body: 'Waiting' }));
    const overview = bodyOf<ConsoleOverview>(await desk(operator, 'GET', '/overview')).data;
    expect(overview.support.open).toBeGreaterThan(0);
    expect(overview.support.oldest_waiting_since).not.toBeNull();
  });
});
