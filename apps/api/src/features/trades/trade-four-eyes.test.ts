import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_DECISION_ANSWERS, type AdminTrade, type Trade } from '@karta/shared/schemas/trades';
import { auditLog } from '../../db/schema/audit-log';
import { bodyOf, mailsTo, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  expectLedgerConsistent,
  expectTradeCountsConsistent,
  tradeCreditsOf,
} from '../../../test/ledger';
import {
  answerOffer,
  approve,
  cancelTrade,
  reviewStep,
  sellerView,
  submitTrade,
  tradableSubcategory,
  walletOf,
} from '../../../test/trades';

let t: TestApp;
let ada: Session;
let bayo: Session;
let chika: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInOperator(t.app, t.db, 'operator', { first_name: 'Ada', last_name: 'Obi' });
  bayo = await signedInOperator(t.app, t.db, 'operator', {
    first_name: 'Bayo',
    last_name: 'Lawal',
  });
  chika = await signedInOperator(t.app, t.db, 'admin', { first_name: 'Chika', last_name: 'Nwosu' });
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  await expectTradeCountsConsistent(t.db);
});
afterAll(() => t.close());

// ₦1,180 per USD and FOUR_EYES_KOBO at its default ₦500,000: $424 (₦500,320) needs four eyes.
const LARGE = 500;
const LARGE_NAIRA = 590_000;

const confirm = (who: Session, tradeId: string) => {
  t.clock.advance(1);
  return reviewStep(t.app, who, tradeId, 'confirm_approval');
};
const sendBack = (who: Session, tradeId: string, body: Record<string, unknown>) => {
  t.clock.advance(1);
  return reviewStep(t.app, who, tradeId, 'return_approval', body);
};
const codeOf = (response: LightMyRequestResponse) => response.json<{ code?: string }>().code;

const creditsOf = (tradeId: string) => tradeCreditsOf(t.db, tradeId);

const actionsOf = async (tradeId: string) =>
  (
    await t.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'trade'), eq(auditLog.targetId, tradeId)))
  ).map((row) => row.action);

/** A large trade Ada has approved once: it waits for a second operator. */
async function awaitingTrade(seller: Session, body: Record<string, unknown> = {}) {
  const trade = await submitTrade(t.app, seller, subcategoryId, LARGE);
  const response = await approve(t.app, ada, trade.id, body);
  expect(response.statusCode, response.body).toBe(200);
  return { trade, held: bodyOf<AdminTrade>(response) };
}

describe('four eyes on a large approval', () => {
  it('credits a trade below FOUR_EYES_KOBO at once, and holds one at or above it without moving money', async () => {
    const seller = await signedInUser(t.app);
    const small = await submitTrade(t.app, seller, subcategoryId, 423);
    const direct = await approve(t.app, ada, small.id);
    expect(bodyOf<AdminTrade>(direct).data.status).toBe('approved');
    expect((await walletOf(t.app, seller)).balance).toBe(499_140);

    const { trade, held } = await awaitingTrade(seller, { note: 'Checked the code twice' });
    expect(held.message).toBe(TRADE_DECISION_ANSWERS.APPROVAL_WAITING);
    expect(held.data).toMatchObject({
      status: 'awaiting_second_approval',
      final_value: null,
      total_credited: null,
      claim: null,
      second_approval: {
        approved_by: { id: ada.user.id, first_name: 'Ada', last_name: 'Obi' },
        final_value: LARGE_NAIRA,
        note: 'Checked the code twice',
        reason: 'Credits of ₦500,000.00 or more need a second approval.',
      },
    });
    expect(held.data.timeline.at(-1)).toMatchObject({
      status: 'first_approval',
      by: 'Ada Obi',
      amount: LARGE_NAIRA,
      message: 'Checked the code twice',
    });
    expect((await walletOf(t.app, seller)).balance).toBe(499_140);
    expect(await creditsOf(trade.id)).toEqual([]);
    expect(await actionsOf(trade.id)).toEqual(['trade.claim', 'trade.approve']);

    // The seller sees the status, and nothing of who approved or how much.
    const seen = await sellerView(t.app, seller, trade.id);
    expect(seen).toMatchObject({
      status: 'awaiting_second_approval',
      is_waiting_second_approval: true,
    });
    expect(seen.timeline.map((step) => step.status)).toEqual(['submitted']);
    expect(JSON.stringify(seen)).not.toContain('Ada');
    const subjects = (await mailsTo(t.app, seller.email)).map((mail) => mail.subject);
    expect(subjects).not.toContain(
      `Trade ${trade.reference} approved: ₦590,000.00 is in your wallet`,
    );
  });

  it('refuses the operator who approved, and credits once when another confirms', async () => {
    const seller = await signedInUser(t.app);
    const { trade } = await awaitingTrade(seller);
    const own = await confirm(ada, trade.id);
    expect(own.statusCode).toBe(409);
    expect(codeOf(own)).toBe('SAME_APPROVER');
    expect(bodyOf(own).message).toBe(
      'You approved this trade, so another operator has to confirm it.',
    );
    expect((await walletOf(t.app, seller)).balance).toBe(0);

    const confirmed = await confirm(bayo, trade.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(bodyOf(confirmed).message).toBe('Approval confirmed and wallet credited.');
    expect(bodyOf<AdminTrade>(confirmed).data).toMatchObject({
      status: 'approved',
      final_value: LARGE_NAIRA,
      reviewed_by: ada.user.id,
      second_approval: null,
    });
    expect(
      bodyOf<AdminTrade>(confirmed).data.timeline.map((step) => [step.status, step.by ?? null]),
    ).toEqual([
      ['submitted', null],
      ['first_approval', 'Ada Obi'],
      ['approval_confirmed', 'Bayo Lawal'],
      ['approved', null],
    ]);
    expect((await walletOf(t.app, seller)).balance).toBe(LARGE_NAIRA);
    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toBe(`Trade ${trade.reference} approved: ₦590,000.00 is in your wallet`);
    expect(await actionsOf(trade.id)).toEqual([
      'trade.claim',
      'trade.approve',
      'trade.claim',
      'trade.confirm_approval',
    ]);

    const again = await confirm(chika, trade.id);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).message).toBe('This trade has already been approved.');
  });

  it('credits exactly once when two operators confirm many times at the same moment', async () => {
    const seller = await signedInUser(t.app);
    const { trade } = await awaitingTrade(seller);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        reviewStep(t.app, [bayo, chika, ada][i % 3] as Session, trade.id, 'confirm_approval'),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    // Ada's four are refused as the approver, whatever the order.
    const adas = responses.filter((_, i) => i % 3 === 2);
    expect(adas.every((response) => response.statusCode === 409)).toBe(true);
    expect(await creditsOf(trade.id)).toHaveLength(1);
    expect((await walletOf(t.app, seller)).balance).toBe(LARGE_NAIRA);
    expect((await actionsOf(trade.id)).filter((a) => a === 'trade.confirm_approval')).toHaveLength(
      1,
    );
  });

  it('pays the referral reward once, with the confirmation', async () => {
    const referrer = await signedInUser(t.app);
    const seller = await signedInUser(t.app, { referral_code: referrer.user.referral_code });
    const { trade } = await awaitingTrade(seller);
    expect((await walletOf(t.app, referrer)).balance).toBe(0);
    const responses = await Promise.all([confirm(bayo, trade.id), confirm(chika, trade.id)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await walletOf(t.app, referrer)).balance).toBe(500);
    const second = await submitTrade(t.app, seller, subcategoryId, 10);
    expect((await approve(t.app, bayo, second.id)).statusCode).toBe(200);
    expect((await walletOf(t.app, referrer)).balance).toBe(500);
  });

  it('sends an approval back to the queue with a reason, for a new decision', async () => {
    const seller = await signedInUser(t.app);
    const { trade } = await awaitingTrade(seller);
    const noReason = await sendBack(bayo, trade.id, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(bodyOf(noReason).errors[0]).toEqual({
      field: 'reason',
      message: 'Say why the approval is sent back',
    });
    const returned = await sendBack(bayo, trade.id, { reason: 'The balance check shows $400' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(bodyOf<AdminTrade>(returned).data).toMatchObject({
      status: 'pending',
      second_approval: null,
      final_value: null,
    });
    expect(bodyOf<AdminTrade>(returned).data.timeline.at(-1)).toMatchObject({
      status: 'approval_returned',
      by: 'Bayo Lawal',
      message: 'The balance check shows $400',
    });
    expect((await confirm(chika, trade.id)).statusCode).toBe(409);
    expect((await sendBack(chika, trade.id, { reason: 'again' })).statusCode).toBe(409);
    expect((await walletOf(t.app, seller)).balance).toBe(0);

    // A new, lower decision below the threshold needs no second operator: it is an offer to
    // the seller at once (decision 037), credited when they accept.
    const lower = await approve(t.app, bayo, trade.id, { final_value: 472_000 });
    expect(bodyOf<AdminTrade>(lower).data.status).toBe('counter_offered');
    expect((await walletOf(t.app, seller)).balance).toBe(0);
    expect((await answerOffer(t.app, seller, trade.id, true)).statusCode).toBe(200);
    expect((await walletOf(t.app, seller)).balance).toBe(472_000);
    expect(await actionsOf(trade.id)).toEqual([
      'trade.claim',
      'trade.approve',
      'trade.claim',
      'trade.return_approval',
      'trade.claim',
      'trade.counter_offer',
      'trade.accept_offer',
    ]);
  });

  it('blocks confirming while another operator holds the claim, and the seller cancelling', async () => {
    const seller = await signedInUser(t.app);
    const { trade } = await awaitingTrade(seller);
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/trades/${trade.id}/claim`,
      headers: { authorization: chika.token },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const blocked = await confirm(bayo, trade.id);
    expect(blocked.statusCode).toBe(409);
    expect(codeOf(blocked)).toBe('CLAIMED');

    const cancel = await cancelTrade(t.app, seller, trade.id);
    expect(cancel.statusCode).toBe(409);
    expect(bodyOf(cancel).message).toBe(
      'A second member of our team is confirming this trade, so it can no longer be cancelled.',
    );
    const confirmed = await confirm(chika, trade.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(bodyOf<Trade>(confirmed).data.status).toBe('approved');
  });

  it('refuses every four-eyes call to a user who is not an operator, and confirming a pending trade', async () => {
    const seller = await signedInUser(t.app);
    const { trade } = await awaitingTrade(seller);
    for (const response of [
      await confirm(seller, trade.id),
      await sendBack(seller, trade.id, { reason: 'no' }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const pending = await submitTrade(t.app, seller, subcategoryId, 10);
    const early = await confirm(bayo, pending.id);
    expect(early.statusCode).toBe(409);
    expect(codeOf(early)).toBe('WRONG_STATUS');
    expect((await confirm(bayo, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await walletOf(t.app, seller)).balance).toBe(0);
  });

  it('reads its threshold from FOUR_EYES_KOBO', async () => {
    const strict = await createTestApp({ env: { FOUR_EYES_KOBO: '1000000' } });
    try {
      const first = await signedInOperator(strict.app, strict.db);
      const seller = await signedInUser(strict.app);
      const { subcategory } = await tradableSubcategory(strict.db);
      const trade = await submitTrade(strict.app, seller, subcategory.id, 10);
      const response = await approve(strict.app, first, trade.id);
      expect(bodyOf<AdminTrade>(response).data.status).toBe('awaiting_second_approval');
      await expectLedgerConsistent(strict.db);
    } finally {
      await strict.close();
    }
  });
});
