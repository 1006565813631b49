import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { KycState } from '@karta/shared/schemas/kyc';
import type { WithdrawalTerms } from '@karta/shared/schemas/withdrawals';
import { IdentityUnavailableError, sandboxIdentity } from '../../adapters/identity/identity';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { bodyOf, currentUser, post, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { sendKycDocuments } from '../../../test/kyc-documents';
import { approveAtValue, submitTrade, tradableSubcategory } from '../../../test/trades';
import {
  fundedUser,
  GTBANK,
  PIN,
  sandboxAccountNumber,
  verifyNin,
  withdraw,
  withdrawalTestHooks,
} from '../../../test/withdrawals';

/**
 * The KYC tiers over HTTP (decision 063): tier 0 cannot withdraw, a verified BVN is tier 1
 * (₦200,000 a day and at a time), a verified NIN of the same person tier 2 (₦1,000,000); each
 * step refuses a withdrawal the next one allows, in words that say what raises the limit.
 */
let t: TestApp;
let operator: Session;
let gtbank: number;

withdrawalTestHooks((bed) => {
  ({ t, operator, gtbank } = bed);
});

const request = (seller: Session, amount: number) =>
  withdraw(t.app, seller, {
    amount,
    pin: PIN,
    bank_id: gtbank,
    account_bank: GTBANK,
    account_number: sandboxAccountNumber(),
  });

async function kycOf(seller: Session): Promise<KycState> {
  const response = await currentUser(t.app, seller.token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ kyc: KycState }>(response).data.kyc;
}

const verifyBvn = (seller: Session, bvn: string) =>
  post(t.app, `/user/verify_kyc/${seller.user.id}`, { bvn }, { authorization: seller.token });

let serial = 0;
/** An 11-digit NIN starting with `first`, unique in this file's run. */
const nin = (first: string) =>
  `${first}${String(Date.now()).slice(-5)}${String((serial += 1)).padStart(5, '0')}`;

describe('a seller climbing the tiers', () => {
  it('is refused at tier 0, limited at tier 1, and allowed more at tier 2', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0, { tier: 0 });
    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, seller, subcategory.id, 400);
    await approveAtValue(t.app, { operator, seller, tradeId: trade.id, naira: 400_000 });

    // Tier 0: may trade, may not withdraw (BVN first, as before the tiers).
    expect(await kycOf(seller)).toEqual({
      tier: 0,
      status: 'unverified',
      limits: { daily_withdrawal: 0, single_withdrawal: 0, withdrawn_today: 0, remaining_today: 0 },
      next: { tier: 1, needs: ['bvn'] },
    });
    const atTier0 = await request(seller, 10_000);
    expect(atTier0.statusCode).toBe(400);
    expect(bodyOf(atTier0).errors[0]).toEqual({
      field: 'bvn',
      message: 'Verify your BVN before you withdraw.',
    });

    // Tier 1: ₦200,000 at a time and a day.
    expect((await verifyBvn(seller, nin('2'))).statusCode).toBe(200);
    expect(await kycOf(seller)).toEqual({
      tier: 1,
      status: 'verified',
      limits: {
        daily_withdrawal: 200_000,
        single_withdrawal: 200_000,
        withdrawn_today: 0,
        remaining_today: 200_000,
      },
      next: { tier: 2, needs: ['nin'] },
    });
    const tooLarge = await request(seller, 250_000);
    expect(tooLarge.statusCode).toBe(400);
    expect(bodyOf(tooLarge)).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      errors: [
        {
          field: 'amount',
          message:
            'Your tier lets you withdraw ₦200,000 at a time. Verify your NIN to raise it to ₦1,000,000.',
        },
      ],
    });
    expect((await request(seller, 150_000)).statusCode).toBe(201);
    const overToday = await request(seller, 60_000);
    expect(overToday.statusCode).toBe(400);
    expect(bodyOf(overToday)).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      errors: [
        {
          field: 'amount',
          message:
            'Your tier lets you withdraw ₦200,000 a day. Verify your NIN to raise it to ₦1,000,000. You can withdraw up to ₦50,000 more today.',
        },
      ],
    });
    expect((await kycOf(seller)).limits).toEqual({
      daily_withdrawal: 200_000,
      single_withdrawal: 200_000,
      withdrawn_today: 150_000,
      remaining_today: 50_000,
    });

    // Tier 2: the NIN of the same person; the same ₦60,000 now goes.
    const verified = await verifyNin(t.app, seller, nin('1'));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(bodyOf<{ nin_last4: string; kyc: KycState }>(verified).data.kyc.tier).toBe(2);
    expect((await request(seller, 60_000)).statusCode).toBe(201);
    expect(await kycOf(seller)).toEqual({
      tier: 2,
      status: 'verified',
      limits: {
        daily_withdrawal: 1_000_000,
        single_withdrawal: 1_000_000,
        withdrawn_today: 210_000,
        remaining_today: 790_000,
      },
      next: { tier: 3, needs: ['id_document', 'selfie', 'proof_of_address'] },
    });

    // The withdraw screen's terms carry the same state and every tier's limits.
    const terms = await t.app.inject({
      method: 'GET',
      url: `/api/v1/transaction/withdrawal_terms/${seller.user.id}`,
      headers: { authorization: seller.token },
    });
    expect(bodyOf<WithdrawalTerms>(terms).data).toMatchObject({
      daily_remaining: 790_000,
      kyc: { tier: 2, limits: { remaining_today: 790_000 } },
      tiers: [
        { tier: 1, daily_withdrawal: 200_000, single_withdrawal: 200_000 },
        { tier: 2, daily_withdrawal: 1_000_000, single_withdrawal: 1_000_000 },
        { tier: 3, daily_withdrawal: 5_000_000, single_withdrawal: 1_000_000 },
      ],
    });

    // Each raise is in the audit trail, with its reason.
    const raises = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, seller.user.id), eq(auditLog.action, 'user.kyc_tier')))
      .orderBy(auditLog.createdAt);
    expect(raises.map((row) => row.after)).toEqual([
      { tier: 1, reason: 'bvn_verified' },
      { tier: 2, reason: 'nin_verified' },
    ]);
  });
});

describe('tier 3, after an operator approves the documents', () => {
  it('allows more in a day than tier 2’s ₦1,000,000, which refused it before', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0);
    // ₦1,200,000 in three credits, each by another operator (four eyes is a sum per person).
    for (let i = 0; i < 3; i += 1) {
      const crediting = await signedInOperator(t.app, t.db);
      const { subcategory } = await tradableSubcategory(t.db);
      const trade = await submitTrade(t.app, seller, subcategory.id, 400);
      await approveAtValue(t.app, {
        operator: crediting,
        seller,
        tradeId: trade.id,
        naira: 400_000,
      });
    }
    expect((await kycOf(seller)).tier).toBe(2);
    expect((await request(seller, 1_000_000)).statusCode).toBe(201);
    const overToday = await request(seller, 100_000);
    expect(overToday.statusCode).toBe(400);
    expect(bodyOf(overToday)).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      errors: [
        {
          message:
            'Your tier lets you withdraw ₦1,000,000 a day. Have an operator check your ID, a selfie and a proof of address to raise it to ₦5,000,000. You have reached it for today.',
        },
      ],
    });

    const sent = await sendKycDocuments(t.app, seller);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await kycOf(seller)).status).toBe('pending_review');
    const desk = await signedInOperator(t.app, t.db);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/kyc/${bodyOf<{ id: string }>(sent).data.id}/approve`,
      headers: { authorization: desk.token },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    expect(await kycOf(seller)).toMatchObject({
      tier: 3,
      limits: { daily_withdrawal: 5_000_000, single_withdrawal: 1_000_000 },
      next: null,
    });
    expect((await request(seller, 100_000)).statusCode).toBe(201);
    const raises = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, seller.user.id), eq(auditLog.action, 'user.kyc_tier')))
      .orderBy(auditLog.createdAt);
    expect(raises.map((row) => row.after)).toContainEqual({
      tier: 3,
      reason: 'documents_approved',
    });
  });
});

describe('the tier’s daily limit under parallel requests', () => {
  it('lets exactly four of six parallel ₦50,000 withdrawals through tier 1’s ₦200,000', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0, { tier: 1 });
    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, seller, subcategory.id, 400);
    await approveAtValue(t.app, { operator, seller, tradeId: trade.id, naira: 400_000 });

    const responses = await Promise.all(Array.from({ length: 6 }, () => request(seller, 50_000)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 400, 400]);
    for (const refused of responses.filter((response) => response.statusCode === 400)) {
      expect(bodyOf(refused)).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    }
    expect((await kycOf(seller)).limits).toMatchObject({
      withdrawn_today: 200_000,
      remaining_today: 0,
    });
  });
});

describe('NIN verification', () => {
  const verify = (seller: Session, value: string) =>
    post(
      t.app,
      `/user/verify_nin/${seller.user.id}`,
      { nin: value },
      {
        authorization: seller.token,
      },
    );

  async function expectStillTier1(seller: Session) {
    expect((await kycOf(seller)).tier).toBe(1);
    const [row] = await t.db
      .select({ ninHash: users.ninHash, ninLast4: users.ninLast4 })
      .from(users)
      .where(eq(users.id, seller.user.id));
    expect(row).toEqual({ ninHash: null, ninLast4: null });
  }

  it('needs the BVN first', async () => {
    const seller = await signedInUser(t.app);
    const response = await verify(seller, nin('1'));
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).errors[0]).toEqual({
      field: 'nin',
      message: 'Verify your BVN before your NIN.',
    });
    expect((await kycOf(seller)).tier).toBe(0);
  });

  it('refuses a NIN that is not 11 digits, saying so', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0, { tier: 1 });
    const response = await verify(seller, '1234');
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).errors[0]).toEqual({ field: 'nin', message: 'NIN must be 11 digits' });
  });

  it.each([
    ['9', 'The name and date of birth on this NIN are not those on your verified BVN.'],
    ['3', 'This NIN is not valid or could not be found. Check its 11 digits.'],
  ])(
    'refuses a NIN starting with %s (another person, or unknown) and stays at tier 1',
    async (first, message) => {
      const seller = await fundedUser(t.app, t.db, operator, 0, { tier: 1 });
      const response = await verify(seller, nin(first));
      expect(response.statusCode).toBe(400);
      expect(bodyOf(response).errors[0]).toEqual({ field: 'nin', message });
      await expectStillTier1(seller);
    },
  );

  it('tolerates the register writing the names in another order and case, with a middle name', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0, { tier: 1 });
    const response = await verify(seller, nin('2'));
    expect(response.statusCode, response.body).toBe(200);
    expect((await kycOf(seller)).tier).toBe(2);
  });

  it('keeps one NIN per account: another account’s is refused, this one’s again is harmless', async () => {
    const first = await fundedUser(t.app, t.db, operator, 0, { tier: 1 });
    const second = await fundedUser(t.app, t.db, operator, 0, { tier: 1 });
    const shared = nin('1');
    const verified = await verify(first, shared);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(bodyOf<{ nin_last4: string }>(verified).data.nin_last4).toBe(shared.slice(-4));

    const taken = await verify(second, shared);
    expect(taken.statusCode).toBe(409);
    expect(bodyOf(taken)).toMatchObject({
      code: 'ALREADY_EXISTS',
      errors: [
        {
          field: 'nin',
          message: 'This NIN is already verified on another Karta account. Contact support.',
        },
      ],
    });
    await expectStillTier1(second);

    expect((await verify(first, shared)).statusCode).toBe(200);
    const other = await verify(first, nin('1'));
    expect(other.statusCode).toBe(409);
    expect(bodyOf(other).errors[0]?.message).toBe(
      'A different NIN is already verified on this account. Contact support.',
    );
    expect((await kycOf(first)).tier).toBe(2);
  });
});

describe('NIN verification while the register is away', () => {
  it('answers 503 and changes nothing', async () => {
    const away = await createTestApp({
      identity: {
        ...sandboxIdentity,
        lookupNin: () => Promise.reject(new IdentityUnavailableError('the NIN source is down')),
      },
    });
    try {
      const seller = await signedInUser(away.app);
      const auth = { authorization: seller.token };
      expect(
        (await post(away.app, `/user/verify_kyc/${seller.user.id}`, { bvn: nin('2') }, auth))
          .statusCode,
      ).toBe(200);
      const response = await post(
        away.app,
        `/user/verify_nin/${seller.user.id}`,
        { nin: nin('1') },
        auth,
      );
      expect(response.statusCode).toBe(503);
      expect(bodyOf(response).errors[0]).toEqual({
        field: 'nin',
        message: 'NIN verification is not available right now. Please contact support.',
      });
      const me = await currentUser(away.app, seller.token);
      expect(bodyOf<{ kyc: KycState }>(me).data.kyc.tier).toBe(1);
      const [row] = await away.db
        .select({ ninHash: users.ninHash })
        .from(users)
        .where(eq(users.id, seller.user.id));
      expect(row?.ninHash).toBeNull();
    } finally {
      await away.close();
    }
  });
});
