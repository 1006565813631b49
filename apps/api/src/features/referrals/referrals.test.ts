import type { ReferralList } from '@karta/shared/schemas/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signedInUser, type Session, bodyOf } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import { approve, reject, submitTrade, tradableSubcategory, walletOf } from '../../../test/trades';

let t: TestApp;
let operator: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterEach(() => expectLedgerConsistent(t.db));
afterAll(() => t.close());

const referralsOf = (session: Session) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/referrals/${session.user.id}`,
    headers: { authorization: session.token },
  });

async function referredPair() {
  const referrer = await signedInUser(t.app);
  const friend = await signedInUser(t.app, {
    first_name: 'Tolu',
    last_name: 'Bakare',
    referral_code: referrer.user.referral_code,
  });
  return { referrer, friend };
}

describe('referral rewards', () => {
  it('pays ₦500 on the friend’s first approved trade, once, and lists it', async () => {
    const { referrer, friend } = await referredPair();
    const pending = bodyOf<ReferralList>(await referralsOf(referrer)).data;
    expect(pending.data).toMatchObject([
      { referred_name: 'Tolu B.', status: 'pending', reward: 0 },
    ]);

    const rejected = await submitTrade(t.app, friend, subcategoryId);
    await reject(t.app, operator, rejected.id, { reason: 'unclear_image' });
    expect((await walletOf(t.app, referrer)).balance).toBe(0);

    const first = await submitTrade(t.app, friend, subcategoryId);
    expect((await approve(t.app, operator, first.id)).statusCode).toBe(200);
    expect((await walletOf(t.app, referrer)).balance).toBe(500);

    const second = await submitTrade(t.app, friend, subcategoryId);
    expect((await approve(t.app, operator, second.id)).statusCode).toBe(200);
    expect((await walletOf(t.app, referrer)).balance).toBe(500);

    const listed = bodyOf<ReferralList>(await referralsOf(referrer)).data;
    expect(listed.data).toMatchObject([{ status: 'rewarded', reward: 500 }]);
    expect(listed.total_earned).toBe(500);
    const [mail] = await mailsTo(t.app, referrer.email);
    expect(mail?.subject).toBe('You earned ₦500.00: Tolu made their first trade');
  });

  it('pays exactly once when two first trades are approved at the same moment', async () => {
    const { referrer, friend } = await referredPair();
    const trades = [
      await submitTrade(t.app, friend, subcategoryId),
      await submitTrade(t.app, friend, subcategoryId),
    ];
    const [a, b] = await Promise.all(trades.map((trade) => approve(t.app, operator, trade.id)));
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect((await walletOf(t.app, referrer)).balance).toBe(500);
    expect((await walletOf(t.app, friend)).balance).toBe(236_000);
  });

  it('pays nothing to a user who registered without a code', async () => {
    const loner = await signedInUser(t.app);
    const trade = await submitTrade(t.app, loner, subcategoryId);
    await approve(t.app, operator, trade.id);
    expect(bodyOf<ReferralList>(await referralsOf(loner)).data.data).toEqual([]);
  });

  it('shows a user only their own referrals', async () => {
    const { referrer } = await referredPair();
    const stranger = await signedInUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/referrals/${referrer.user.id}`,
      headers: { authorization: stranger.token },
    });
    expect(response.statusCode).toBe(403);
  });
});
