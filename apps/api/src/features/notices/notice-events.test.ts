import type { Notice, NoticeKind, NoticeList } from '@karta/shared/schemas/notices';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, login, mailsTo, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import {
  answerOffer,
  approve,
  reject,
  reviewStep,
  submitTrade,
  tradableSubcategory,
} from '../../../test/trades';
import {
  bankId,
  handleWebhooks,
  runPayoutJob,
  sellerWithdrawing as sellerWithdrawingTo,
} from '../../../test/withdrawals';

/**
 * Each event a seller is told of puts exactly one notice on their bell, in the transaction of
 * the change (decision 040): read back over HTTP, as the dashboard reads it.
 */

let t: TestApp;
let operator: Session;
let cardName: string;
let subcategoryId: string;
let gtbank: number;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
  const { card, subcategory } = await tradableSubcategory(t.db);
  cardName = card.name;
  subcategoryId = subcategory.id;
  gtbank = await bankId(t.app, operator);
});
afterEach(() => expectLedgerConsistent(t.db));
afterAll(() => t.close());

async function bellOf(session: Session) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/user/notices/${session.user.id}?size=50`,
    headers: { authorization: session.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<NoticeList>(response).data;
}

const ofKind = (list: NoticeList, kind: NoticeKind): Notice[] =>
  list.data.filter((notice) => notice.kind === kind);

describe('trade notices', () => {
  it('writes a card amount as the pages do: $100.50, never "(100.5 USD)"', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 100.5);
    expect((await approve(t.app, operator, trade.id)).statusCode).toBe(200);
    const [notice] = (await bellOf(seller)).data;
    expect(notice?.body).toContain(`${cardName} trade ${trade.reference} ($100.50) was approved`);
    const mails = await mailsTo(t.app, seller.email);
    expect(mails.map((mail) => mail.text).join('\n')).toContain(
      `trade ${trade.reference} ($100.50) has been approved`,
    );
  });

  it('tells the seller of an approval once, with the amount and a link to the trade', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 100);
    expect(await bellOf(seller)).toMatchObject({ data: [], unread_count: 0 });

    expect((await approve(t.app, operator, trade.id)).statusCode).toBe(200);
    const bell = await bellOf(seller);
    expect(bell.unread_count).toBe(1);
    expect(bell.data).toHaveLength(1);
    expect(bell.data).toMatchObject([
      {
        kind: 'trade_approved',
        title: 'Trade approved: ₦118,000.00 credited',
        body: `Your ${cardName} trade ${trade.reference} ($100) was approved and ₦118,000.00 was added to your wallet.`,
        link: `/dashboard/transaction-history/trades/${trade.id}`,
        created_at: t.clock.now().toISOString(),
        is_read: false,
      },
    ]);

    // A second decision is refused and tells nothing more.
    expect((await approve(t.app, operator, trade.id)).statusCode).not.toBe(200);
    expect((await bellOf(seller)).data).toHaveLength(1);
  });

  it('tells of a lower offer, and once accepted says by how much it is below the value shown', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 100);
    const response = await approve(t.app, operator, trade.id, {
      final_value: 110_000,
      note: 'Scratched code',
    });
    expect(response.statusCode, response.body).toBe(200);
    // Below the value shown at submission the seller is asked first (decision 037).
    expect(ofKind(await bellOf(seller), 'counter_offer')).toHaveLength(1);
    expect(ofKind(await bellOf(seller), 'trade_approved')).toHaveLength(0);
    const accepted = await answerOffer(t.app, seller, trade.id, true);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [notice] = ofKind(await bellOf(seller), 'trade_approved');
    expect(notice?.title).toBe('Trade approved: ₦110,000.00 credited');
    expect(notice?.body).toContain(
      '₦110,000.00 was added to your wallet. That is ₦8,000.00 less than the ₦118,000.00 shown when you submitted it',
    );
  });

  it('leaves no notice when the decision is refused and rolled back', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 100);
    // Above the value shown at submission: refused inside the decision's transaction.
    const above = await approve(t.app, operator, trade.id, { final_value: 200_000 });
    expect(above.statusCode, above.body).toBe(400);
    const unknownProof = await reject(t.app, operator, trade.id, {
      reason: 'invalid_code',
      proof_id: crypto.randomUUID(),
    });
    expect(unknownProof.statusCode).toBeGreaterThanOrEqual(400);
    expect(await bellOf(seller)).toMatchObject({ data: [], unread_count: 0 });
  });

  it('tells the referrer of their reward with the amount, once', async () => {
    const referrer = await signedInUser(t.app);
    const friend = await signedInUser(t.app, {
      first_name: 'Tolu',
      referral_code: referrer.user.referral_code,
    });
    for (let i = 0; i < 2; i += 1) {
      const trade = await submitTrade(t.app, friend, subcategoryId, 10);
      expect((await approve(t.app, operator, trade.id)).statusCode).toBe(200);
    }
    const bell = await bellOf(referrer);
    expect(bell.unread_count).toBe(1);
    expect(bell.data).toMatchObject([
      {
        kind: 'referral_earned',
        title: 'Referral reward: ₦500.00 credited',
        body: 'Tolu joined with your referral code and their first trade was approved. ₦500.00 was added to your wallet.',
        link: '/dashboard/overview',
      },
    ]);
    expect(ofKind(await bellOf(friend), 'trade_approved')).toHaveLength(2);
  });

  it('tells the seller of a rejection with the reason and the note', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 50);
    const response = await reject(t.app, operator, trade.id, {
      reason: 'invalid_code',
      note: 'The code reads as redeemed.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const bell = await bellOf(seller);
    expect(bell.unread_count).toBe(1);
    expect(bell.data).toMatchObject([
      {
        kind: 'trade_rejected',
        title: `Trade ${trade.reference} not accepted`,
        body: `We could not accept your ${cardName} trade ${trade.reference} ($50). The card code is not valid. Note from our team: The code reads as redeemed. Nothing was taken from your wallet.`,
        link: `/dashboard/transaction-history/trades/${trade.id}`,
        is_read: false,
      },
    ]);
  });

  it('tells the seller of a question, with its words', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 100);
    const response = await reviewStep(t.app, operator, trade.id, 'request_info', {
      message: 'Please send a photo of the back of the card.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const bell = await bellOf(seller);
    expect(bell.unread_count).toBe(1);
    expect(bell.data).toMatchObject([
      {
        kind: 'info_requested',
        title: `Trade ${trade.reference}: we have a question`,
        link: `/dashboard/transaction-history/trades/${trade.id}`,
      },
    ]);
    expect(bell.data[0]?.body).toContain('“Please send a photo of the back of the card.”');
  });
});

describe('withdrawal notices', () => {
  const sellerWithdrawing = (prefix: string) =>
    sellerWithdrawingTo(t.app, t.db, { operator, bankId: gtbank, prefix });

  async function settle(seconds: number) {
    t.clock.advance(seconds);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);
  }

  it('tells the seller their payout was sent, once, when the provider confirms it', async () => {
    const { seller, accountNumber, withdrawal } = await sellerWithdrawing('1');
    const before = (await bellOf(seller)).unread_count;
    await runPayoutJob(t.app, withdrawal.id);
    await settle(5);
    await runPayoutJob(t.app, withdrawal.id);
    await settle(5);
    const bell = await bellOf(seller);
    expect(bell.unread_count).toBe(before + 1);
    const paid = ofKind(bell, 'withdrawal_paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      title: 'Withdrawal paid: ₦1,000.00',
      link: `/dashboard/transaction-history/withdrawal/${withdrawal.transaction_id}`,
    });
    expect(paid[0]?.body).toContain(
      `₦1,000.00 was sent to ${withdrawal.account_name}, Guaranty Trust Bank ••••${accountNumber.slice(-4)}.`,
    );
    expect(ofKind(bell, 'withdrawal_failed')).toEqual([]);
  });

  it('tells the seller a failed payout is back in the wallet, with the reason', async () => {
    const { seller, withdrawal } = await sellerWithdrawing('9998');
    await runPayoutJob(t.app, withdrawal.id);
    await settle(5);
    const failed = ofKind(await bellOf(seller), 'withdrawal_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      title: 'Withdrawal failed: ₦1,000.00',
      link: `/dashboard/transaction-history/withdrawal/${withdrawal.transaction_id}`,
    });
    // The seller's words, never the provider's.
    expect(failed[0]?.body).toContain('The receiving bank declined the transfer.');
    expect(failed[0]?.body).not.toContain('Sandbox');
    expect(failed[0]?.body).toMatch(/The full ₦1,\d{3}\.\d{2} \(amount and fee\) is back/);
  });

  it('tells the seller when an admin fails a stuck payout and refunds it', async () => {
    // Its job was lost: never sent, and the provider has no such transfer, so it may be failed.
    const { seller, withdrawal } = await sellerWithdrawing('1');
    t.clock.advance(61 * 60);
    const admin = await signedInOperator(t.app, t.db, 'admin');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${withdrawal.id}/fail`,
      payload: { reason: 'Bank has not confirmed in over an hour' },
      headers: { authorization: admin.token, 'idempotency-key': crypto.randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const fresh = await login(t.app, seller.email, seller.password);
    const again = { ...seller, token: fresh.json<{ token: string }>().token };
    const failed = ofKind(await bellOf(again), 'withdrawal_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.body).toContain(
      'We stopped this payout because the bank did not confirm it.',
    );
    // The admin's own reason stays in the audit trail.
    expect(failed[0]?.body).not.toContain('over an hour');
    await handleWebhooks(t.app, t.db);
  });
});
