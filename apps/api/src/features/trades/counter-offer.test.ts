import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NoticeList } from '@karta/shared/schemas/notices';
import type { AdminTrade, Trade } from '@karta/shared/schemas/trades';
import { auditLog } from '../../db/schema/audit-log';
import { tradeEvents } from '../../db/schema/trade-events';
import { bodyOf, login, mailsTo, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  expectLedgerConsistent,
  expectTradeCountsConsistent,
  tradeCreditsOf,
} from '../../../test/ledger';
import {
  addTrade,
  answerOffer,
  approve,
  cancelTrade,
  cardPhoto,
  reviewStep,
  sellerView,
  tradableSubcategory,
  walletOf,
} from '../../../test/trades';
import { expireCounterOffers } from './counter-offer';

let t: TestApp;
let operator: Session;
let second: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db, 'operator', {
    first_name: 'Ada',
    last_name: 'Obi',
  });
  second = await signedInOperator(t.app, t.db, 'operator', {
    first_name: 'Bayo',
    last_name: 'Lawal',
  });
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
/** Access tokens live 15 minutes: after the clock jumps a day, sign in again. */
async function renewed(session: Session): Promise<Session> {
  const response = await login(t.app, session.email, session.password);
  expect(response.statusCode, response.body).toBe(200);
  return { ...session, token: response.json<{ token: string }>().token };
}
beforeEach(async () => {
  operator = await renewed(operator);
  second = await renewed(second);
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  await expectTradeCountsConsistent(t.db);
});
afterAll(() => t.close());

const DAY_SECONDS = 24 * 3600;

/** A $100 trade (₦118,000 expected) with the seller's choice for no answer. */
async function tradeOf(seller: Session, fields: Record<string, string> = {}, amount = 100) {
  const response = await addTrade(
    t.app,
    seller,
    { subcategory_id: subcategoryId, amount: String(amount), ...fields },
    [await cardPhoto(64, 40)],
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Trade }>().data;
}

/** The operator approves at ₦100,000 with a note: below the expected value, so an offer. */
async function offered(seller: Session, fields: Record<string, string> = {}) {
  const trade = await tradeOf(seller, fields);
  const response = await approve(t.app, operator, trade.id, {
    final_value: 100_000,
    note: 'The card holds $85, not $100',
  });
  expect(response.statusCode, response.body).toBe(200);
  // The answer comes a moment later: events of one instant have no order between them.
  t.clock.advance(1);
  return { trade, view: bodyOf<AdminTrade>(response).data };
}

const creditsOf = (tradeId: string) => tradeCreditsOf(t.db, tradeId);

const endingsOf = async (tradeId: string) =>
  (
    await t.db
      .select({ kind: tradeEvents.kind })
      .from(tradeEvents)
      .where(
        and(
          eq(tradeEvents.tradeId, tradeId),
          inArray(tradeEvents.kind, ['offer_accepted', 'offer_declined', 'offer_expired']),
        ),
      )
  ).map((row) => row.kind);

describe('an approval below the expected value', () => {
  it('becomes an offer: no money, the seller sees both values, the note, the deadline, a notice and a mail', async () => {
    const seller = await signedInUser(t.app);
    const { trade, view } = await offered(seller);
    const deadline = new Date(t.clock.now().getTime() + (DAY_SECONDS - 1) * 1000).toISOString();
    expect(view).toMatchObject({
      status: 'counter_offered',
      expected_value: 118_000,
      final_value: null,
      total_credited: null,
      counter_offer: {
        value: 100_000,
        note: 'The card holds $85, not $100',
        expires_at: deadline,
        if_no_answer: 'decline',
        answer: null,
      },
    });
    expect(view.timeline.at(-1)).toMatchObject({
      status: 'counter_offered',
      by: 'Ada Obi',
      amount: 100_000,
    });
    expect(await creditsOf(trade.id)).toEqual([]);
    expect((await walletOf(t.app, seller)).balance).toBe(0);

    const seen = await sellerView(t.app, seller, trade.id);
    expect(seen).toMatchObject({
      status: 'counter_offered',
      if_no_answer: 'decline',
      counter_offer: { value: 100_000, note: 'The card holds $85, not $100', answer: null },
    });
    expect(seen.timeline.at(-1)).not.toHaveProperty('by');

    const notices = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/notices/${seller.user.id}`,
      headers: { authorization: seller.token },
    });
    expect(bodyOf<NoticeList>(notices).data.data[0]).toMatchObject({
      kind: 'counter_offer',
      title: `We can offer ₦100,000.00 for trade ${trade.reference}`,
      link: `/dashboard/transaction-history/trades/${trade.id}`,
    });
    expect(bodyOf<NoticeList>(notices).data.data[0]?.body).toContain('You were shown ₦118,000.00.');

    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toBe(
      `Trade ${trade.reference}: we can offer ₦100,000.00. Accept or decline?`,
    );
    expect(mail?.text).toContain('it was worth ₦118,000.00; we can pay ₦100,000.00');
    expect(mail?.text).toContain('Why: "The card holds $85, not $100"');
    expect(mail?.text).toContain('If you do not answer by then, the offer will be declined');

    // Nobody decides it again, and the seller answers instead of cancelling.
    expect((await approve(t.app, second, trade.id)).statusCode).toBe(409);
    const cancel = await cancelTrade(t.app, seller, trade.id);
    expect(cancel.statusCode).toBe(409);
    expect(bodyOf(cancel).message).toBe(
      'We made you an offer on this trade: accept it or decline it instead.',
    );
  });

  it('at the expected value still credits at once', async () => {
    const seller = await signedInUser(t.app);
    const trade = await tradeOf(seller);
    const response = await approve(t.app, operator, trade.id, { final_value: 118_000 });
    expect(bodyOf<AdminTrade>(response).data).toMatchObject({
      status: 'approved',
      counter_offer: null,
    });
    expect((await walletOf(t.app, seller)).balance).toBe(118_000);
  });
});

describe('the seller answers', () => {
  it('accepts: credited once through the one credit path, with the referral reward', async () => {
    const referrer = await signedInUser(t.app);
    const seller = await signedInUser(t.app, { referral_code: referrer.user.referral_code });
    const { trade } = await offered(seller);
    const response = await answerOffer(t.app, seller, trade.id, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).message).toBe('You accepted our offer. The money is in your wallet.');
    expect(bodyOf<Trade>(response).data).toMatchObject({
      status: 'approved',
      final_value: 100_000,
      counter_offer: { value: 100_000, answer: 'accepted' },
    });
    expect((await walletOf(t.app, seller)).balance).toBe(100_000);
    expect((await walletOf(t.app, referrer)).balance).toBe(500);
    expect(await creditsOf(trade.id)).toHaveLength(1);

    const again = await answerOffer(t.app, seller, trade.id, false);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).message).toBe('This trade has already been approved.');

    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toBe(`Trade ${trade.reference} approved: ₦100,000.00 is in your wallet`);
    expect(mail?.text).toContain(
      'we offered ₦100,000.00, ₦18,000.00 less, and the offer was accepted',
    );
    const audits = await t.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.targetId, trade.id));
    expect(audits.map((row) => row.action)).toEqual([
      'trade.claim',
      'trade.counter_offer',
      'trade.accept_offer',
    ]);
    expect(audits.at(-1)?.actor).toBe(seller.user.id);
  });

  it('declines: the trade is closed as declined, nothing moves, and an e-code is said to be unused', async () => {
    const seller = await signedInUser(t.app);
    const { trade } = await offered(seller, { comment: 'Code: X7K2-9PQR-44LM-ZZ81' });
    const response = await answerOffer(t.app, seller, trade.id, false);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).message).toBe(
      'You declined our offer. The trade is closed and nothing was paid.',
    );
    const view = bodyOf<Trade>(response).data;
    expect(view).toMatchObject({
      status: 'declined',
      final_value: null,
      has_card_code: true,
      counter_offer: { value: 100_000, answer: 'declined' },
    });
    expect(view.timeline.map((step) => step.status)).toEqual([
      'submitted',
      'counter_offered',
      'offer_declined',
      'declined',
    ]);
    expect(await creditsOf(trade.id)).toEqual([]);
    expect((await walletOf(t.app, seller)).balance).toBe(0);
    expect((await answerOffer(t.app, seller, trade.id, true)).statusCode).toBe(409);

    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toBe(`Trade ${trade.reference} is closed: the offer was declined`);
    expect(mail?.text).toContain(
      'Your card was not used by us: the e-code is still yours to sell or spend.',
    );
  });

  it('answers only their own offer, and only an offer', async () => {
    const seller = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const { trade } = await offered(seller);
    expect((await answerOffer(t.app, stranger, trade.id, true, seller.user.id)).statusCode).toBe(
      403,
    );
    expect((await answerOffer(t.app, stranger, trade.id, true)).statusCode).toBe(404);
    const pending = await tradeOf(seller);
    const notOffered = await answerOffer(t.app, seller, pending.id, true);
    expect(notOffered.statusCode).toBe(409);
    expect(bodyOf(notOffered).message).toBe('There is no offer on this trade to answer.');
    const noAnswer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trade/answer_offer/${seller.user.id}`,
      payload: { trade_id: trade.id },
      headers: { authorization: seller.token },
    });
    expect(noAnswer.statusCode).toBe(400);
    expect(bodyOf(noAnswer).errors[0]).toEqual({
      field: 'accept',
      message: 'accept must be true or false',
    });
    expect((await sellerView(t.app, seller, trade.id)).status).toBe('counter_offered');
  });
});

describe('no answer in 24 hours', () => {
  it('declines by default, at the deadline and not before', async () => {
    const seller = await signedInUser(t.app);
    const { trade } = await offered(seller);
    t.clock.advance(DAY_SECONDS - 2);
    await expireCounterOffers(t.app.ctx);
    const later = await renewed(seller);
    expect((await sellerView(t.app, later, trade.id)).status).toBe('counter_offered');
    t.clock.advance(1);
    expect(await expireCounterOffers(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const view = await sellerView(t.app, later, trade.id);
    expect(view).toMatchObject({
      status: 'declined',
      counter_offer: { answer: 'expired', if_no_answer: 'decline' },
      has_card_code: false,
    });
    expect(await creditsOf(trade.id)).toEqual([]);
    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.text).toContain('so it was declined, as you chose when you submitted the trade');
    expect(mail?.text).toContain('We did not use your card');
  });

  it('accepts when the seller chose so before submitting, crediting once', async () => {
    const seller = await signedInUser(t.app);
    const { trade } = await offered(seller, { if_no_answer: 'accept' });
    expect((await sellerView(t.app, seller, trade.id)).if_no_answer).toBe('accept');
    t.clock.advance(DAY_SECONDS);
    await expireCounterOffers(t.app.ctx);
    await expireCounterOffers(t.app.ctx);
    const later = await renewed(seller);
    expect(await sellerView(t.app, later, trade.id)).toMatchObject({
      status: 'approved',
      final_value: 100_000,
      counter_offer: { answer: 'expired', if_no_answer: 'accept' },
    });
    expect(await creditsOf(trade.id)).toHaveLength(1);
    expect((await walletOf(t.app, later)).balance).toBe(100_000);
  });

  it('refuses an if_no_answer that is neither accept nor decline', async () => {
    const seller = await signedInUser(t.app);
    const response = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '100', if_no_answer: 'maybe' },
      [await cardPhoto(64, 40)],
    );
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).errors[0]).toEqual({
      field: 'if_no_answer',
      message: 'if_no_answer must be accept or decline',
    });
  });
});

describe('the seller and the timer at once', () => {
  it.each(['accept', 'decline'] as const)(
    'make exactly one outcome (if_no_answer %s): many answers and the sweep, one credit at most',
    async (ifNoAnswer) => {
      const seller = await signedInUser(t.app);
      const { trade } = await offered(seller, { if_no_answer: ifNoAnswer });
      t.clock.advance(DAY_SECONDS);
      const later = await renewed(seller);
      const answers = Array.from({ length: 8 }, (_, i) =>
        answerOffer(t.app, later, trade.id, i % 2 === 0),
      );
      const [sweep, ...responses] = await Promise.all([expireCounterOffers(t.app.ctx), ...answers]);
      const won = responses.filter((response) => response.statusCode === 200);
      for (const lost of responses.filter((response) => response.statusCode !== 200)) {
        expect(lost.statusCode).toBe(409);
      }
      const endings = await endingsOf(trade.id);
      expect(endings).toHaveLength(1);
      expect(won.length + (endings[0] === 'offer_expired' ? 1 : 0)).toBe(1);
      if (won.length === 0) expect(sweep).toBeGreaterThanOrEqual(1);
      const view = await sellerView(t.app, later, trade.id);
      const credits = await creditsOf(trade.id);
      expect(credits).toHaveLength(view.status === 'approved' ? 1 : 0);
      expect(view.status).toBe(
        endings[0] === 'offer_expired'
          ? ifNoAnswer === 'accept'
            ? 'approved'
            : 'declined'
          : endings[0] === 'offer_accepted'
            ? 'approved'
            : 'declined',
      );
      expect((await walletOf(t.app, later)).balance).toBe(credits.length === 1 ? 100_000 : 0);
    },
  );
});

describe('four eyes on a large offer', () => {
  it('asks the seller only after a second operator confirms the lower value', async () => {
    const seller = await signedInUser(t.app);
    // $500 is ₦590,000 expected; ₦550,000 is at or above FOUR_EYES_KOBO (₦500,000).
    const trade = await tradeOf(seller, {}, 500);
    const first = await approve(t.app, operator, trade.id, {
      final_value: 550_000,
      note: 'Scuffed',
    });
    expect(bodyOf<AdminTrade>(first).data.status).toBe('awaiting_second_approval');
    // Nothing is offered yet: the only mail is the account's confirmation.
    expect((await mailsTo(t.app, seller.email)).map((mail) => mail.subject)).toEqual([
      'Confirm your Karta account',
    ]);
    t.clock.advance(1);
    const confirmed = await reviewStep(t.app, second, trade.id, 'confirm_approval');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(bodyOf<AdminTrade>(confirmed).data).toMatchObject({
      status: 'counter_offered',
      reviewed_by: operator.user.id,
      counter_offer: { value: 550_000, note: 'Scuffed' },
    });
    expect(await creditsOf(trade.id)).toEqual([]);
    expect((await answerOffer(t.app, seller, trade.id, true)).statusCode).toBe(200);
    expect((await walletOf(t.app, seller)).balance).toBe(550_000);
    expect(await creditsOf(trade.id)).toHaveLength(1);
  });
});
