import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTrade, Trade } from '@karta/shared/schemas/trades';
import { formatKoboForPeople, parseNairaToKobo } from '@karta/shared/money';
import { auditLog } from '../../db/schema/audit-log';
import { ledgerTransactions } from '../../db/schema/ledger';
import { mailsTo, signedInUser, type Session, bodyOf, type Paged } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent, expectTradeCountsConsistent } from '../../../test/ledger';
import {
  answerOffer,
  approve,
  approveAtValue,
  reject,
  submitTrade,
  tradableSubcategory,
  walletOf,
} from '../../../test/trades';

let t: TestApp;
let operator: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  await expectTradeCountsConsistent(t.db);
});
afterAll(() => t.close());

const adminGet = (session: Session, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/trades${url}`,
    headers: { authorization: session.token },
  });

describe('operator review', () => {
  it('refuses every review call to a user who is not an operator', async () => {
    const user = await signedInUser(t.app);
    const trade = await submitTrade(t.app, user, subcategoryId);
    for (const response of [
      await adminGet(user, '?status=pending'),
      await adminGet(user, `/${trade.id}`),
      await approve(t.app, user, trade.id),
      await reject(t.app, user, trade.id, { reason: 'other' }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await walletOf(t.app, user)).balance).toBe(0);
  });

  it('lists pending trades oldest first with the seller, and shows one with its photos', async () => {
    const user = await signedInUser(t.app);
    const first = await submitTrade(t.app, user, subcategoryId, 10);
    t.clock.advance(60);
    const second = await submitTrade(t.app, user, subcategoryId, 20);
    const list = await adminGet(operator, '?status=pending&size=50');
    expect(list.statusCode).toBe(200);
    const ids = bodyOf<Paged<AdminTrade>>(list).data.data.map((trade) => trade.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const one = await adminGet(operator, `/${second.id}`);
    expect(bodyOf<AdminTrade>(one).data).toMatchObject({
      id: second.id,
      user: { id: user.user.id, email: user.email },
    });
    expect(bodyOf<AdminTrade>(one).data.images[0]?.url).toMatch(/^\/api\/v1\/trade\/images\//);
    const photo = await t.app.inject({
      method: 'GET',
      url: bodyOf<AdminTrade>(one).data.images[0]?.url ?? '',
    });
    expect(photo.statusCode).toBe(200);
    expect((await adminGet(operator, '/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('approves at the expected value, credits the wallet once and mails the seller', async () => {
    const user = await signedInUser(t.app);
    const trade = await submitTrade(t.app, user, subcategoryId, 250);
    const response = await approve(t.app, operator, trade.id, { note: 'Clear photo' });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf<AdminTrade>(response).data).toMatchObject({
      status: 'approved',
      final_value: 295_000,
      review_note: 'Clear photo',
      reviewed_by: operator.user.id,
      timeline: [{ status: 'submitted' }, { status: 'approved' }],
    });
    expect(await walletOf(t.app, user)).toEqual({
      balance: 295_000,
      pending_withdrawals: 0,
      currency: 'NGN',
    });

    const again = await approve(t.app, operator, trade.id);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).message).toBe('This trade has already been approved.');
    const late = await reject(t.app, operator, trade.id, { reason: 'other' });
    expect(late.statusCode).toBe(409);
    expect((await walletOf(t.app, user)).balance).toBe(295_000);

    const [mail] = await mailsTo(t.app, user.email);
    expect(mail?.subject).toBe(`Trade ${trade.reference} approved: ₦295,000.00 is in your wallet`);
    expect(mail?.text).toContain('Your wallet balance is now ₦295,000.00.');

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, trade.id), eq(auditLog.action, 'trade.approve')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUserId).toBe(operator.user.id);
  });

  it('offers a lower final value of the operator’s choosing, credited in exact kobo once the seller accepts', async () => {
    const user = await signedInUser(t.app);
    const trade = await submitTrade(t.app, user, subcategoryId, 100);
    const response = await approve(t.app, operator, trade.id, {
      final_value: 117_500.55,
      note: 'Card balance was $99.50 <when checked>',
    });
    // Decision 037: below the expected value nothing is credited without the seller's yes.
    expect(bodyOf<AdminTrade>(response).data).toMatchObject({
      status: 'counter_offered',
      final_value: null,
      counter_offer: { value: 117_500.55, note: 'Card balance was $99.50 <when checked>' },
    });
    expect((await walletOf(t.app, user)).balance).toBe(0);
    const [offerMail] = await mailsTo(t.app, user.email);
    expect(offerMail?.text).toContain('Why: "Card balance was $99.50 <when checked>"');
    expect(offerMail?.html).toContain('Card balance was $99.50 &#60;when checked&#62;');
    expect((await answerOffer(t.app, user, trade.id, true)).statusCode).toBe(200);
    expect((await walletOf(t.app, user)).balance).toBe(117_500.55);
    // Decision 037: the mail says why the credit is below what the seller was shown.
    const expected = bodyOf<AdminTrade>(response).data.expected_value;
    const [mail] = await mailsTo(t.app, user.email);
    expect(mail?.text).toContain(
      `the trade was worth ${formatKoboForPeople(parseNairaToKobo(String(expected)))} at the rate of the day. After checking your card we offered ₦117,500.55`,
    );
    expect(mail?.text).toContain(`The reviewer's note: "Card balance was $99.50 <when checked>"`);
    expect(mail?.html).toContain('Card balance was $99.50 &#60;when checked&#62;');
    const bad = await approve(t.app, operator, (await submitTrade(t.app, user, subcategoryId)).id, {
      final_value: 10.001,
    });
    expect(bad.statusCode).toBe(400);
    expect(bodyOf(bad).errors[0]?.field).toBe('final_value');
  });

  it('rejects with a reason the user reads in words, moves no money, and mails them', async () => {
    const user = await signedInUser(t.app);
    const trade = await submitTrade(t.app, user, subcategoryId);
    const badReason = await reject(t.app, operator, trade.id, { reason: 'looks_fake' });
    expect(badReason.statusCode).toBe(400);
    const response = await reject(t.app, operator, trade.id, {
      reason: 'already_used',
      note: 'Balance was zero when checked',
    });
    expect(response.statusCode).toBe(200);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/trade/fetch_trade/${user.user.id}?trade_id=${trade.id}`,
      headers: { authorization: user.token },
    });
    expect(seen.json<{ data: Trade }>().data).toMatchObject({
      status: 'rejected',
      rejection_code: 'already_used',
      rejection_reason: 'The card has already been used.',
      review_note: 'Balance was zero when checked',
      final_value: null,
    });
    expect((await walletOf(t.app, user)).balance).toBe(0);
    expect((await approve(t.app, operator, trade.id)).statusCode).toBe(409);
    const [mail] = await mailsTo(t.app, user.email);
    expect(mail?.subject).toBe(`Trade ${trade.reference} was not accepted`);
    expect(mail?.text).toContain('Reason: The card has already been used.');
  });

  it('does not let an operator review their own trade', async () => {
    const trade = await submitTrade(t.app, operator, subcategoryId);
    expect((await approve(t.app, operator, trade.id)).statusCode).toBe(403);
  });

  it('credits once when 20 operators approve the same trade at the same moment', async () => {
    const user = await signedInUser(t.app);
    const trade = await submitTrade(t.app, user, subcategoryId, 100);
    const others = [
      operator,
      await signedInOperator(t.app, t.db),
      await signedInOperator(t.app, t.db),
    ];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        approve(t.app, others[i % others.length] as Session, trade.id),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect((await walletOf(t.app, user)).balance).toBe(118_000);
    const credits = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `trade:${trade.id}:credit`));
    expect(credits).toHaveLength(1);
  });

  it('keeps postings immutable and refuses a ledger transaction that does not balance', async () => {
    const user = await signedInUser(t.app);
    await approve(t.app, operator, (await submitTrade(t.app, user, subcategoryId)).id);
    await expect(
      t.db.execute(sql`update ledger_postings set amount = amount + 1`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_postings`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate ledger_postings cascade`)).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        const [row] = (
          await tx.execute<{ id: string }>(sql`
            insert into ledger_transactions (idempotency_key, kind, description)
            values ('test:unbalanced', 'trade_credit', 'test') returning id`)
        ).rows;
        const [account] = (
          await tx.execute<{ id: string }>(
            sql`select id from ledger_accounts where kind = 'trade_funding'`,
          )
        ).rows;
        await tx.execute(sql`
          insert into ledger_postings (transaction_id, account_id, amount, balance_after)
          values (${row?.id}, ${account?.id}, 100, 100)`);
      }),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`update ledger_balances set available = -1 where is_user_account`),
    ).rejects.toThrow();
  });
});

describe('what one approval may credit', () => {
  /** Nothing moved: still pending, no credit, no audit entry, an empty wallet. */
  async function expectUntouched(trade: Trade, seller: Session) {
    expect(bodyOf<AdminTrade>(await adminGet(operator, `/${trade.id}`)).data).toMatchObject({
      status: 'pending',
      final_value: null,
      reviewed_by: null,
    });
    expect((await walletOf(t.app, seller)).balance).toBe(0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, trade.id))).toEqual([]);
    const credits = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `trade:${trade.id}:credit`));
    expect(credits).toEqual([]);
  }

  it('refuses a final value above the expected one, from an operator or an admin, and changes nothing', async () => {
    const admin = await signedInOperator(t.app, t.db, 'admin');
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 100);
    for (const [who, naira] of [
      [operator, 6_000_000],
      [admin, 1_000_000_000],
      [operator, 118_000.01],
    ] as const) {
      const response = await approve(t.app, who, trade.id, { final_value: naira });
      expect(response.statusCode, response.body).toBe(400);
      expect(bodyOf(response).errors).toEqual([
        {
          field: 'final_value',
          message:
            'The final value cannot be more than the expected ₦118,000.00. An admin can add to a credit with a reason.',
        },
      ]);
    }
    await expectUntouched(trade, seller);

    const exact = await approve(t.app, operator, trade.id, { final_value: 118_000 });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(bodyOf<AdminTrade>(exact).data).toMatchObject({
      final_value: 118_000,
      total_credited: 118_000,
      adjustments: [],
    });
    expect((await walletOf(t.app, seller)).balance).toBe(118_000);
  });

  it('refuses any credit above MAX_SINGLE_CREDIT, the expected value included', async () => {
    const capped = await createTestApp({ env: { MAX_SINGLE_CREDIT: '1000' } });
    try {
      const cappedOperator = await signedInOperator(capped.app, capped.db);
      const seller = await signedInUser(capped.app);
      const { subcategory } = await tradableSubcategory(capped.db);
      const trade = await submitTrade(capped.app, seller, subcategory.id, 10);
      for (const body of [{}, { final_value: 1_000.01 }]) {
        const response = await approve(capped.app, cappedOperator, trade.id, body);
        expect(response.statusCode, response.body).toBe(400);
        expect(bodyOf(response).errors).toEqual([
          { field: 'final_value', message: 'A single credit cannot be more than ₦1,000.00.' },
        ]);
      }
      expect((await walletOf(capped.app, seller)).balance).toBe(0);
      const [row] = (
        await capped.db.execute<{ status: string }>(
          sql`select status from trades where id = ${trade.id}`,
        )
      ).rows;
      expect(row?.status).toBe('pending');
      // At the ceiling, below the expected ₦11,800: an offer, credited once the seller accepts.
      await approveAtValue(capped.app, {
        operator: cappedOperator,
        seller,
        tradeId: trade.id,
        naira: 1_000,
      });
      expect((await walletOf(capped.app, seller)).balance).toBe(1_000);
      await expectLedgerConsistent(capped.db);
    } finally {
      await capped.close();
    }
  });
});
