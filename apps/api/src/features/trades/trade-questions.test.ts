import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTrade, Trade } from '@karta/shared/schemas/trades';
import { auditLog } from '../../db/schema/audit-log';
import { bodyOf, mailsTo, signedInUser, type Paged, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent, expectTradeCountsConsistent } from '../../../test/ledger';
import {
  approve,
  cancelTrade,
  cardPhoto,
  respondToTrade,
  reviewStep,
  sellerView,
  submitTrade,
  tradableSubcategory,
} from '../../../test/trades';

let t: TestApp;
let ada: Session;
let bayo: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ada', last_name: 'Obi' });
  bayo = await signedInOperator(t.app, t.db, 'operator', {
    first_name: 'Bayo',
    last_name: 'Lawal',
  });
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  await expectTradeCountsConsistent(t.db);
});
afterAll(() => t.close());

const QUESTION = 'Please send a photo of the back of the card with the PIN scratched.';
/** Each step a second after the last, so the timeline's order is the order of the steps. */
const ask = (
  who: Session,
  tradeId: string,
  body: Record<string, unknown> = { message: QUESTION },
) => {
  t.clock.advance(1);
  return reviewStep(t.app, who, tradeId, 'request_info', body);
};
const respond = (
  seller: Session,
  fields: Record<string, string>,
  files: Parameters<typeof respondToTrade>[3] = [],
) => {
  t.clock.advance(1);
  return respondToTrade(t.app, seller, fields, files);
};

const adminView = async (tradeId: string) =>
  bodyOf<AdminTrade>(
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/trades/${tradeId}`,
      headers: { authorization: ada.token },
    }),
  ).data;

const actionsOf = async (tradeId: string) =>
  (
    await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'trade'), eq(auditLog.targetId, tradeId)))
  ).map((row) => row.action);

async function askedTrade(seller: Session) {
  const trade = await submitTrade(t.app, seller, subcategoryId, 50);
  const asked = await ask(ada, trade.id);
  expect(asked.statusCode, asked.body).toBe(200);
  return trade;
}

describe('asking the seller', () => {
  it('refuses a user who is not an operator, and the seller answering someone else’s trade', async () => {
    const seller = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 50);
    expect((await ask(seller, trade.id)).statusCode).toBe(403);
    expect((await ask(stranger, trade.id)).statusCode).toBe(403);
    expect((await sellerView(t.app, seller, trade.id)).status).toBe('pending');

    expect((await ask(ada, trade.id)).statusCode).toBe(200);
    // Another user's id in the path is 403; their own id with someone else's trade is 404.
    const asOther = await respondToTrade(
      t.app,
      stranger,
      { trade_id: trade.id, comment: 'x' },
      [],
      seller.user.id,
    );
    expect(asOther.statusCode).toBe(403);
    const notTheirs = await respond(stranger, { trade_id: trade.id, comment: 'x' });
    expect(notTheirs.statusCode).toBe(404);
    expect((await sellerView(t.app, seller, trade.id)).status).toBe('info_requested');
  });

  it('puts the trade in info_requested, mails the question, and shows it to the seller without names', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 50);
    const response = await ask(ada, trade.id, { message: `  ${QUESTION}  ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).message).toBe(
      'Question sent. The trade comes back to the queue when the seller answers.',
    );
    const asked = bodyOf<AdminTrade>(response).data;
    expect(asked).toMatchObject({ status: 'info_requested', claim: null, review_due_at: null });
    expect(
      asked.timeline.map((step) => [step.status, step.by ?? null, step.message ?? null]),
    ).toEqual([
      ['submitted', null, null],
      ['info_requested', 'Ada Obi', QUESTION],
    ]);
    expect(await actionsOf(trade.id)).toEqual(['trade.claim', 'trade.request_info']);

    const seen = await sellerView(t.app, seller, trade.id);
    expect(seen.status).toBe('info_requested');
    expect(seen.timeline[1]).toEqual({
      status: 'info_requested',
      at: seen.timeline[1]?.at,
      message: QUESTION,
      images: [],
    });
    expect(JSON.stringify(seen)).not.toContain('Ada');

    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toBe(`Trade ${trade.reference}: we have a question for you`);
    expect(mail?.text).toContain(QUESTION);
    expect(mail?.text).toContain(
      `/dashboard/overview/recent-transactions/trade-history/${trade.id}`,
    );

    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/v1/trade/fetch_trade/${seller.user.id}?status=info_requested`,
      headers: { authorization: seller.token },
    });
    expect(bodyOf<Paged<Trade>>(filtered).data.data.map((row) => row.id)).toEqual([trade.id]);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/trades?status=info_requested&size=50',
      headers: { authorization: bayo.token },
    });
    expect(bodyOf<Paged<AdminTrade>>(queue).data.data.map((row) => row.id)).toContain(trade.id);
  });

  it('refuses a blank or overlong question, a trade another operator holds, and a trade not pending', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 50);
    for (const body of [{ message: '   ' }, { message: 'x'.repeat(501) }, {}]) {
      const response = await ask(ada, trade.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(bodyOf(response).errors[0]?.field).toBe('message');
    }
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/trades/${trade.id}/claim`,
      headers: { authorization: bayo.token },
    });
    expect(claimed.statusCode).toBe(200);
    const blocked = await ask(ada, trade.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json<{ code?: string }>().code).toBe('CLAIMED');
    expect(await actionsOf(trade.id)).toEqual(['trade.claim']);
    expect((await mailsTo(t.app, seller.email)).map((mail) => mail.subject)).not.toContain(
      `Trade ${trade.reference}: we have a question for you`,
    );

    expect((await ask(bayo, trade.id)).statusCode).toBe(200);
    const twice = await ask(bayo, trade.id);
    expect(twice.statusCode).toBe(409);
    expect(bodyOf(twice).message).toBe(
      'This trade is waiting for the seller’s answer to a question.',
    );
    const approveWhileAsked = await approve(t.app, ada, trade.id);
    expect(approveWhileAsked.statusCode).toBe(409);
    expect(approveWhileAsked.json<{ code?: string }>().code).toBe('WRONG_STATUS');
  });
});

describe('the seller’s answer', () => {
  it('takes text and photos, puts the trade back in the queue with the answer in its timeline', async () => {
    const seller = await signedInUser(t.app);
    const trade = await askedTrade(seller);
    const response = await respond(
      seller,
      { trade_id: trade.id, comment: ' Here is the back of the card. ' },
      [await cardPhoto(64, 40), await cardPhoto(80, 50)],
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).message).toBe(
      'Thank you. Your answer is with our team, and the review continues.',
    );
    const answered = bodyOf<Trade>(response).data;
    expect(answered.status).toBe('pending');
    // The card's own photo stays apart from the answer's.
    expect(answered.images).toHaveLength(1);
    const answer = answered.timeline.at(-1);
    expect(answer).toMatchObject({
      status: 'info_provided',
      message: 'Here is the back of the card.',
    });
    expect(answer?.images).toHaveLength(2);
    const photo = await t.app.inject({ method: 'GET', url: answer?.images?.[0]?.url ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');

    const forOperators = await adminView(trade.id);
    expect(forOperators.timeline.map((step) => [step.status, step.by])).toEqual([
      ['submitted', undefined],
      ['info_requested', 'Ada Obi'],
      ['info_provided', `${seller.user.first_name} ${seller.user.last_name}`],
    ]);
    const claimable = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/trades?claimable=true&size=50',
      headers: { authorization: bayo.token },
    });
    expect(bodyOf<Paged<AdminTrade>>(claimable).data.data.map((row) => row.id)).toContain(trade.id);

    const again = await respond(seller, { trade_id: trade.id, comment: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).message).toBe(
      'We have not asked anything about this trade, so there is nothing to answer.',
    );
    const decided = await approve(t.app, bayo, trade.id);
    expect(decided.statusCode, decided.body).toBe(200);
  });

  it('answers in words alone, and refuses a blank answer or more than 5 photos, changing nothing', async () => {
    const seller = await signedInUser(t.app);
    const trade = await askedTrade(seller);
    const blank = await respond(seller, { trade_id: trade.id, comment: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(bodyOf(blank).errors[0]).toEqual({ field: 'comment', message: 'Write your answer' });
    const photo = await cardPhoto(64, 40);
    const six = await respond(
      seller,
      { trade_id: trade.id, comment: 'Six photos' },
      Array.from({ length: 6 }, () => photo),
    );
    expect(six.statusCode).toBe(400);
    expect(bodyOf(six).errors[0]).toEqual({
      field: 'images',
      message: 'Add at most 5 photos to an answer.',
    });
    const view = await sellerView(t.app, seller, trade.id);
    expect(view.status).toBe('info_requested');
    expect(view.timeline.map((step) => step.status)).toEqual(['submitted', 'info_requested']);

    const words = await respond(seller, {
      trade_id: trade.id,
      comment: 'The code is ABC-123',
    });
    expect(words.statusCode, words.body).toBe(200);
    expect(bodyOf<Trade>(words).data.timeline.at(-1)).toMatchObject({
      status: 'info_provided',
      message: 'The code is ABC-123',
      images: [],
    });
  });

  it('holds at most 20 photos a trade, its first ones included', async () => {
    const seller = await signedInUser(t.app);
    const photo = await cardPhoto(32, 20);
    const trade = await submitTrade(t.app, seller, subcategoryId, 50);
    const answer = async (count: number) => {
      expect((await ask(ada, trade.id)).statusCode).toBe(200);
      return respond(
        seller,
        { trade_id: trade.id, comment: `${String(count)} photos` },
        Array.from({ length: count }, () => photo),
      );
    };
    for (let round = 0; round < 3; round += 1) {
      const response = await answer(5);
      expect(response.statusCode, response.body).toBe(200);
    }
    // 1 + 15 held: room for 4.
    const tooMany = await answer(5);
    expect(tooMany.statusCode).toBe(400);
    expect(bodyOf(tooMany).errors[0]).toEqual({
      field: 'images',
      message: 'This trade can take 4 more photos. Remove some and try again.',
    });
    const fits = await respond(seller, { trade_id: trade.id, comment: 'Four' }, [
      photo,
      photo,
      photo,
      photo,
    ]);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(
      (await adminView(trade.id)).timeline.filter((s) => s.status === 'info_provided'),
    ).toHaveLength(4);
  });

  it('lets the seller cancel while our question waits, and refuses an answer afterwards', async () => {
    const seller = await signedInUser(t.app);
    const trade = await askedTrade(seller);
    const cancelled = await cancelTrade(t.app, seller, trade.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(bodyOf<Trade>(cancelled).data.status).toBe('cancelled');
    const late = await respond(seller, { trade_id: trade.id, comment: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(bodyOf(late).message).toBe('This trade has already been cancelled.');
  });
});
