import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import {
  TRADE_DECISION_ANSWERS,
  type AdjustedTrade,
  type AdminTrade,
  type Trade,
} from '@karta/shared/schemas/trades';
import { soloCredits } from '../../db/schema/solo-credits';
import { staffGrants } from '../../db/schema/staff-grants';
import { bodyOf, login, signedInUser, type Paged, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent, expectTradeCountsConsistent } from '../../../test/ledger';
import {
  answerOffer,
  approve,
  reviewStep,
  sellerView,
  submitTrade,
  tradableSubcategory,
  walletOf,
} from '../../../test/trades';

/**
 * The outside tester's four ways around four eyes (decision 049), each now waiting for a
 * second staff member: adjustments, a counter-offer topped up by an adjustment, several
 * approvals for one seller in one day, and a second approver the first one made staff.
 * ₦1,180 per USD; FOUR_EYES_KOBO at its default ₦500,000.
 */

let t: TestApp;
let ada: Session; // operator
let bayo: Session; // operator
let chika: Session; // admin
let dayo: Session; // admin
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ada', last_name: 'Obi' });
  bayo = await signedInOperator(t.app, t.db, 'operator', {
    first_name: 'Bayo',
    last_name: 'Lawal',
  });
  chika = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Chika', last_name: 'Nwosu' });
  dayo = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Dayo', last_name: 'Ade' });
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  await expectTradeCountsConsistent(t.db);
});
afterAll(() => t.close());

/** Tomorrow in Lagos: the clock moves a day, so everyone signs in again (tokens last 15 min). */
async function nextLagosDay(...sellers: Session[]) {
  t.clock.advance(24 * 3600);
  for (const session of [ada, bayo, chika, dayo, ...sellers]) {
    const response = await login(t.app, session.email, session.password);
    expect(response.statusCode, response.body).toBe(200);
    session.token = response.json<{ token: string }>().token;
  }
}

const codeOf = (response: LightMyRequestResponse) => response.json<{ code?: string }>().code;

const adjust = (who: Session, tradeId: string, amount: number, key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/adjust`,
    payload: { amount, reason: 'Rate slip on the day' },
    headers: { authorization: who.token, 'idempotency-key': key },
  });

const decideAdjustment = (
  who: Session,
  tradeId: string,
  adjustmentId: string,
  step: 'confirm' | 'return',
  body: Record<string, unknown> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/adjustments/${adjustmentId}/${step}`,
    payload: body,
    headers: { authorization: who.token },
  });

/** A seller's trade of `usd` dollars, approved at its expected value by `by`. */
async function approvedTrade(seller: Session, usd: number, by: Session) {
  const trade = await submitTrade(t.app, seller, subcategoryId, usd);
  const approved = await approve(t.app, by, trade.id);
  expect(approved.statusCode, approved.body).toBe(200);
  expect(bodyOf<AdminTrade>(approved).data.status).toBe('approved');
  return trade;
}

const awaitingQueue = async (who: Session) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/trades?status=awaiting_second_approval&size=50',
    headers: { authorization: who.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<Paged<AdminTrade>>(response).data.data;
};

/** The console overview's "Awaiting second approval" tile. */
const waitingCount = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/overview',
    headers: { authorization: ada.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ trades: { awaiting_second_approval: number } }>(response).data.trades
    .awaiting_second_approval;
};

describe('adjustments count like approvals (finding 1)', () => {
  it('holds +₦4,999,999 and +₦600,000 on a ₦118,000 trade for a second admin, crediting nothing', async () => {
    const seller = await signedInUser(t.app);
    const trade = await approvedTrade(seller, 100, ada);
    expect((await walletOf(t.app, seller)).balance).toBe(118_000);

    const first = await adjust(chika, trade.id, 4_999_999);
    expect(first.statusCode, first.body).toBe(200);
    expect(bodyOf(first).message).toBe(TRADE_DECISION_ANSWERS.ADJUSTMENT_WAITING);
    const held = bodyOf<AdjustedTrade>(first).data;
    expect(held.adjustment).toMatchObject({
      amount: 4_999_999,
      status: 'awaiting_second_approval',
      adjusted_by_name: 'Chika Nwosu',
      four_eyes_reason: 'Credits of ₦500,000.00 or more need a second approval.',
    });
    expect(held.total_credited).toBe(118_000);
    const second = await adjust(chika, trade.id, 600_000);
    expect(bodyOf<AdjustedTrade>(second).data.adjustment.status).toBe('awaiting_second_approval');
    expect((await walletOf(t.app, seller)).balance).toBe(118_000);

    // The seller, the queue and the overview's count all say it waits.
    expect((await sellerView(t.app, seller, trade.id)).is_waiting_second_approval).toBe(true);
    expect((await awaitingQueue(ada)).map((row) => row.id)).toContain(trade.id);
    const waitingNow = await waitingCount();

    // Its author cannot confirm it; another admin can, once.
    const own = await decideAdjustment(chika, trade.id, held.adjustment.id, 'confirm');
    expect(own.statusCode).toBe(409);
    expect(codeOf(own)).toBe('SAME_APPROVER');
    expect(bodyOf(own).message).toBe(FOUR_EYES_MESSAGES.SAME_ADJUSTER);
    const byOperator = await decideAdjustment(ada, trade.id, held.adjustment.id, 'confirm');
    expect(byOperator.statusCode).toBe(403);

    const confirmed = await decideAdjustment(dayo, trade.id, held.adjustment.id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(bodyOf(confirmed).message).toBe(TRADE_DECISION_ANSWERS.ADJUSTMENT_CONFIRMED);
    expect(bodyOf<AdminTrade>(confirmed).data.total_credited).toBe(118_000 + 4_999_999);
    expect((await walletOf(t.app, seller)).balance).toBe(118_000 + 4_999_999);
    const again = await decideAdjustment(dayo, trade.id, held.adjustment.id, 'confirm');
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('ALREADY_DECIDED');

    // Sent back by its own author: nothing credited, and the trade no longer waits.
    const secondId = bodyOf<AdjustedTrade>(second).data.adjustment.id;
    const missingReason = await decideAdjustment(chika, trade.id, secondId, 'return');
    expect(missingReason.statusCode).toBe(400);
    const returned = await decideAdjustment(chika, trade.id, secondId, 'return', {
      reason: 'Typed one zero too many',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(bodyOf(returned).message).toBe(TRADE_DECISION_ANSWERS.ADJUSTMENT_RETURNED);
    const sentBack = bodyOf<AdminTrade>(returned).data.adjustments.find((a) => a.id === secondId);
    expect(sentBack).toMatchObject({
      status: 'returned',
      return_reason: 'Typed one zero too many',
      decided_by_name: 'Chika Nwosu',
    });
    expect((await walletOf(t.app, seller)).balance).toBe(118_000 + 4_999_999);
    expect((await sellerView(t.app, seller, trade.id)).is_waiting_second_approval).toBe(false);
    expect((await awaitingQueue(ada)).map((row) => row.id)).not.toContain(trade.id);
    expect(await waitingCount()).toBe(waitingNow - 1);
  });

  it('replays a waiting adjustment by its Idempotency-Key without asking twice', async () => {
    const seller = await signedInUser(t.app);
    const trade = await approvedTrade(seller, 100, ada);
    const key = randomUUID();
    const first = await adjust(chika, trade.id, 700_000, key);
    const replay = await adjust(chika, trade.id, 700_000, key);
    expect(replay.statusCode).toBe(200);
    expect(bodyOf<AdjustedTrade>(replay).data.adjustment.id).toBe(
      bodyOf<AdjustedTrade>(first).data.adjustment.id,
    );
    expect(bodyOf<AdjustedTrade>(replay).data.adjustments).toHaveLength(1);
    expect(bodyOf(replay).message).toBe(TRADE_DECISION_ANSWERS.ADJUSTMENT_WAITING);
  });
});

describe('a counter-offer topped up by an adjustment (finding 2)', () => {
  it('holds the top-up that takes one admin’s credits on the trade to the threshold', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 500); // ₦590,000
    const offered = await approve(t.app, chika, trade.id, { final_value: 499_999.99 });
    expect(offered.statusCode, offered.body).toBe(200);
    // It made an offer, and says so (it said "approved and wallet credited").
    expect(bodyOf(offered).message).toBe(TRADE_DECISION_ANSWERS.OFFER_SENT);
    expect(bodyOf<AdminTrade>(offered).data.status).toBe('counter_offered');
    expect((await answerOffer(t.app, seller, trade.id, true)).statusCode).toBe(200);
    expect((await walletOf(t.app, seller)).balance).toBe(499_999.99);

    // Next Lagos day: the day's sum is fresh, the trade's is not.
    await nextLagosDay(seller);
    const topUp = await adjust(chika, trade.id, 90_000);
    expect(topUp.statusCode, topUp.body).toBe(200);
    expect(bodyOf<AdjustedTrade>(topUp).data.adjustment).toMatchObject({
      status: 'awaiting_second_approval',
      four_eyes_reason:
        'With this credit, one person would have credited ₦500,000.00 or more on this trade.',
    });
    expect((await walletOf(t.app, seller)).balance).toBe(499_999.99);

    // Another admin's small correction of the same trade is theirs alone, and goes through.
    const other = await adjust(dayo, trade.id, 1_000);
    expect(bodyOf<AdjustedTrade>(other).data.adjustment.status).toBe('credited');
    expect((await walletOf(t.app, seller)).balance).toBe(500_999.99);
  });

  it('counts an open offer in the day’s sum, and a declined one not', async () => {
    const seller = await signedInUser(t.app);
    const big = await submitTrade(t.app, seller, subcategoryId, 423); // ₦499,140
    expect(
      bodyOf<AdminTrade>(await approve(t.app, ada, big.id, { final_value: 498_000 })).data.status,
    ).toBe('counter_offered');
    const small = await submitTrade(t.app, seller, subcategoryId, 10); // ₦11,800
    const held = await approve(t.app, ada, small.id);
    expect(bodyOf(held).message).toBe(TRADE_DECISION_ANSWERS.APPROVAL_WAITING);
    expect(bodyOf<AdminTrade>(held).data.second_approval?.reason).toBe(
      'With this credit, one person would put ₦500,000.00 or more into this seller’s wallet in one day.',
    );
    // The seller says no: the offer no longer counts, and a new approval goes through.
    expect((await answerOffer(t.app, seller, big.id, false)).statusCode).toBe(200);
    const another = await submitTrade(t.app, seller, subcategoryId, 10);
    expect(bodyOf<AdminTrade>(await approve(t.app, ada, another.id)).data.status).toBe('approved');
  });
});

describe('approvals for one seller add up over a Lagos day (finding 3)', () => {
  it('credits the first ₦499,140 and holds the next two, then starts afresh the next day', async () => {
    const seller = await signedInUser(t.app);
    const trades: Trade[] = [];
    for (let i = 0; i < 4; i += 1)
      trades.push(await submitTrade(t.app, seller, subcategoryId, 423));
    const [one, two, three, four] = trades as [Trade, Trade, Trade, Trade];

    expect(bodyOf(await approve(t.app, ada, one.id)).message).toBe(TRADE_DECISION_ANSWERS.CREDITED);
    for (const trade of [two, three]) {
      const held = await approve(t.app, ada, trade.id);
      expect(held.statusCode, held.body).toBe(200);
      expect(bodyOf(held).message).toBe(TRADE_DECISION_ANSWERS.APPROVAL_WAITING);
      expect(bodyOf<AdminTrade>(held).data.status).toBe('awaiting_second_approval');
    }
    expect((await walletOf(t.app, seller)).balance).toBe(499_140);
    const seen = await sellerView(t.app, seller, two.id);
    expect(seen).toMatchObject({
      status: 'awaiting_second_approval',
      is_waiting_second_approval: true,
    });

    // Another operator's own sum for this seller is still empty: theirs goes through...
    expect(
      bodyOf<AdminTrade>(await reviewStep(t.app, bayo, two.id, 'confirm_approval')).data.status,
    ).toBe('approved');
    // ...and a second operator's confirmation is not a solo credit of either.
    expect(bodyOf<AdminTrade>(await approve(t.app, bayo, four.id)).data.status).toBe('approved');
    expect((await walletOf(t.app, seller)).balance).toBe(499_140 * 3);

    // The next Lagos day Ada's sum starts again.
    await nextLagosDay(seller);
    const tomorrow = await submitTrade(t.app, seller, subcategoryId, 423);
    expect(bodyOf<AdminTrade>(await approve(t.app, ada, tomorrow.id)).data.status).toBe('approved');
  });

  it('lets exactly one of many parallel approvals for one seller credit alone', async () => {
    const seller = await signedInUser(t.app);
    const trades = await Promise.all(
      Array.from({ length: 5 }, () => submitTrade(t.app, seller, subcategoryId, 423)),
    );
    const answers = await Promise.all(trades.map((trade) => approve(t.app, ada, trade.id)));
    const statuses = answers.map((answer) => bodyOf<AdminTrade>(answer).data.status).sort();
    expect(statuses).toEqual([
      'approved',
      'awaiting_second_approval',
      'awaiting_second_approval',
      'awaiting_second_approval',
      'awaiting_second_approval',
    ]);
    expect((await walletOf(t.app, seller)).balance).toBe(499_140);
    const rows = await t.db
      .select()
      .from(soloCredits)
      .where(eq(soloCredits.sellerUserId, seller.user.id));
    expect(rows).toHaveLength(1);
  });
});

describe('nobody is the second pair of eyes of someone they made staff (finding 4)', () => {
  it('refuses a confirmer the approver invited, or who invited the approver, or whose invitation waits', async () => {
    const seller = await signedInUser(t.app);
    const invitee = await signedInOperator(t.app, t.db, 'operator', {
      first_name: 'Efe',
      last_name: 'Puppet',
    });
    const vouched = await signedInOperator(t.app, t.db, 'operator', {
      first_name: 'Funke',
      last_name: 'Real',
    });
    // Chika invited Efe (nobody confirmed it) and Funke (Dayo confirmed it).
    await t.db.insert(staffGrants).values([
      {
        userId: invitee.user.id,
        kind: 'invitation',
        role: 'operator',
        grantedByUserId: chika.user.id,
      },
      {
        userId: vouched.user.id,
        kind: 'invitation',
        role: 'operator',
        grantedByUserId: chika.user.id,
        confirmedByUserId: dayo.user.id,
        confirmedAt: new Date(),
      },
    ]);

    const trade = await submitTrade(t.app, seller, subcategoryId, 500);
    expect(bodyOf<AdminTrade>(await approve(t.app, chika, trade.id)).data.status).toBe(
      'awaiting_second_approval',
    );
    const byInvitee = await reviewStep(t.app, invitee, trade.id, 'confirm_approval');
    expect(byInvitee.statusCode).toBe(409);
    expect(codeOf(byInvitee)).toBe('NOT_INDEPENDENT');
    expect(bodyOf(byInvitee).message).toBe(FOUR_EYES_MESSAGES.related('Chika Nwosu'));
    // Funke is real (a second admin stood behind her) but Chika made her staff all the same.
    const byVouched = await reviewStep(t.app, vouched, trade.id, 'confirm_approval');
    expect(codeOf(byVouched)).toBe('NOT_INDEPENDENT');
    expect((await walletOf(t.app, seller)).balance).toBe(0);

    // Efe cannot confirm anyone's while only Chika stands behind Efe's identity.
    const other = await submitTrade(t.app, seller, subcategoryId, 500);
    await approve(t.app, ada, other.id);
    const unconfirmed = await reviewStep(t.app, invitee, other.id, 'confirm_approval');
    expect(codeOf(unconfirmed)).toBe('NOT_INDEPENDENT');
    expect(bodyOf(unconfirmed).message).toBe(FOUR_EYES_MESSAGES.INVITATION_UNCONFIRMED);
    // Funke, confirmed by a second admin, may confirm Ada's.
    const byFunke = await reviewStep(t.app, vouched, other.id, 'confirm_approval');
    expect(byFunke.statusCode, byFunke.body).toBe(200);
    expect((await walletOf(t.app, seller)).balance).toBe(590_000);

    // Dayo, who had no part in making Chika or Efe staff, confirms Chika's.
    const byDayo = await reviewStep(t.app, dayo, trade.id, 'confirm_approval');
    expect(byDayo.statusCode, byDayo.body).toBe(200);
    expect((await walletOf(t.app, seller)).balance).toBe(590_000 * 2);
  });
});

describe('the words of each step (low finding 4)', () => {
  it('says an offer went out when a large counter-offer is confirmed', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 500);
    const held = await approve(t.app, ada, trade.id, { final_value: 550_000 });
    expect(bodyOf<AdminTrade>(held).data.status).toBe('awaiting_second_approval');
    const confirmed = await reviewStep(t.app, bayo, trade.id, 'confirm_approval');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(bodyOf(confirmed).message).toBe(TRADE_DECISION_ANSWERS.CONFIRMED_OFFER_SENT);
    expect(bodyOf<AdminTrade>(confirmed).data.status).toBe('counter_offered');
    expect((await walletOf(t.app, seller)).balance).toBe(0);
  });
});
