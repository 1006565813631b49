import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTrade, Trade } from '@karta/shared/schemas/trades';
import { auditLog } from '../../db/schema/audit-log';
import { ledgerTransactions } from '../../db/schema/ledger';
import { tradeAdjustments } from '../../db/schema/trade-adjustments';
import { bodyOf, mailsTo, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import { approve, reject, submitTrade, tradableSubcategory, walletOf } from '../../../test/trades';

let t: TestApp;
let operator: Session;
let admin: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
  admin = await signedInOperator(t.app, t.db, 'admin');
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(() => t.close());

const adjust = (
  session: Session,
  tradeId: string,
  body: Record<string, unknown>,
  key: string | null = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/adjust`,
    payload: body,
    headers: { authorization: session.token, ...(key ? { 'idempotency-key': key } : {}) },
  });

/** A seller with a $100 trade approved at the expected ₦118,000. */
async function approvedTrade() {
  const seller = await signedInUser(t.app);
  const trade = await submitTrade(t.app, seller, subcategoryId, 100);
  const approved = await approve(t.app, operator, trade.id);
  expect(approved.statusCode, approved.body).toBe(200);
  return { seller, trade };
}

const adjustmentsOf = (trade: Trade) =>
  t.db.select().from(tradeAdjustments).where(eq(tradeAdjustments.tradeId, trade.id));

const adjustAudits = (trade: Trade) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, trade.id), eq(auditLog.action, 'trade.adjust')));

const adjustmentCredits = (trade: Trade) =>
  t.db
    .select()
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, `trade:${trade.id}:adjustment:%`));

/** The refused call moved nothing: the wallet is as approved, no adjustment, no audit, no credit. */
async function expectNotAdjusted(trade: Trade, seller: Session) {
  expect((await walletOf(t.app, seller)).balance).toBe(118_000);
  expect(await adjustmentsOf(trade)).toEqual([]);
  expect(await adjustAudits(trade)).toEqual([]);
  expect(await adjustmentCredits(trade)).toEqual([]);
}

describe('adjusting an approved trade', () => {
  it('lets an admin add to the credit with a reason: a new ledger credit, audited, shown, mailed', async () => {
    const { seller, trade } = await approvedTrade();
    const response = await adjust(admin, trade.id, {
      amount: 500,
      reason: '  Rate agreed by phone was ₦1,185  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const view = bodyOf<AdminTrade>(response).data;
    expect(view).toMatchObject({
      status: 'approved',
      final_value: 118_000,
      total_credited: 118_500,
      adjustments: [
        { amount: 500, reason: 'Rate agreed by phone was ₦1,185', adjusted_by: admin.user.id },
      ],
    });
    expect((await walletOf(t.app, seller)).balance).toBe(118_500);

    const [audit, ...more] = await adjustAudits(trade);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      before: { credited_kobo: '11800000' },
      after: {
        credited_kobo: '11850000',
        amount_kobo: '50000',
        reason: 'Rate agreed by phone was ₦1,185',
        adjustment_id: view.adjustments[0]?.id,
      },
    });
    // The approval's credit is untouched; the adjustment is a credit of its own.
    const credits = await t.db
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `trade:${trade.id}:%`));
    expect(credits.map((credit) => credit.idempotencyKey).sort()).toEqual(
      [
        `trade:${trade.id}:adjustment:${view.adjustments[0]?.id ?? ''}`,
        `trade:${trade.id}:credit`,
      ].sort(),
    );

    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toBe(`Trade ${trade.reference}: ₦500.00 more is in your wallet`);
    expect(mail?.text).toContain('Your wallet balance is now ₦118,500.00.');

    const second = await adjust(admin, trade.id, { amount: 0.5, reason: 'Rounding' });
    expect(bodyOf<AdminTrade>(second).data.total_credited).toBe(118_500.5);
    expect((await adjustAudits(trade)).map((entry) => entry.before)).toContainEqual({
      credited_kobo: '11850000',
    });
    await expect(t.db.execute(sql`update trade_adjustments set amount_kobo = 1`)).rejects.toThrow();
  });

  it('is for admins only: an operator gets 403 and nothing moves', async () => {
    const { seller, trade } = await approvedTrade();
    const response = await adjust(operator, trade.id, { amount: 500, reason: 'More' });
    expect(response.statusCode).toBe(403);
    expect(bodyOf(response).message).toBe('This needs an admin account.');
    expect((await adjust(seller, trade.id, { amount: 500, reason: 'More' })).statusCode).toBe(403);
    await expectNotAdjusted(trade, seller);
  });

  it('refuses a trade that is not approved, and the admin’s own trade', async () => {
    const seller = await signedInUser(t.app);
    const pending = await submitTrade(t.app, seller, subcategoryId);
    const response = await adjust(admin, pending.id, { amount: 500, reason: 'More' });
    expect(response.statusCode).toBe(409);
    expect(bodyOf(response).message).toBe(
      'Only an approved trade can be adjusted; this one is pending.',
    );
    const rejected = await submitTrade(t.app, seller, subcategoryId);
    await reject(t.app, operator, rejected.id, { reason: 'other' });
    expect((await adjust(admin, rejected.id, { amount: 500, reason: 'More' })).statusCode).toBe(
      409,
    );
    expect((await walletOf(t.app, seller)).balance).toBe(0);
    expect(await adjustmentsOf(pending)).toEqual([]);

    const own = await submitTrade(t.app, admin, subcategoryId);
    expect((await approve(t.app, operator, own.id)).statusCode).toBe(200);
    const self = await adjust(admin, own.id, { amount: 500, reason: 'More' });
    expect(self.statusCode).toBe(403);
    expect(await adjustmentsOf(own)).toEqual([]);
    expect(
      (await adjust(admin, '00000000-0000-4000-8000-000000000000', { amount: 1, reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('needs a reason, a naira amount and an Idempotency-Key', async () => {
    const { seller, trade } = await approvedTrade();
    for (const [body, field] of [
      [{ amount: 500 }, 'reason'],
      [{ amount: 500, reason: '   ' }, 'reason'],
      [{ amount: 500, reason: 'x'.repeat(501) }, 'reason'],
      [{ amount: 0, reason: 'More' }, 'amount'],
      [{ amount: -5, reason: 'More' }, 'amount'],
      [{ amount: 10.001, reason: 'More' }, 'amount'],
    ] as const) {
      const response = await adjust(admin, trade.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(bodyOf(response).errors[0]?.field).toBe(field);
    }
    expect(bodyOf(await adjust(admin, trade.id, { amount: 500 })).errors[0]?.message).toBe(
      'Give a reason for the adjustment',
    );
    const keyless = await adjust(admin, trade.id, { amount: 500, reason: 'More' }, null);
    expect(keyless.statusCode).toBe(400);
    expect(bodyOf(keyless).errors[0]?.field).toBe('idempotency_key');
    await expectNotAdjusted(trade, seller);
  });

  it('refuses an adjustment above MAX_SINGLE_CREDIT', async () => {
    const { seller, trade } = await approvedTrade();
    const response = await adjust(admin, trade.id, { amount: 5_000_000.01, reason: 'More' });
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).errors).toEqual([
      { field: 'amount', message: 'A single credit cannot be more than ₦5,000,000.00.' },
    ]);
    await expectNotAdjusted(trade, seller);
  });

  it('credits once for one Idempotency-Key, even sent five times at once', async () => {
    const { seller, trade } = await approvedTrade();
    const key = randomUUID();
    const body = { amount: 500, reason: 'Agreed rate' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => adjust(admin, trade.id, body, key)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const replay = await adjust(admin, trade.id, body, key);
    expect(bodyOf<AdminTrade>(replay).data.total_credited).toBe(118_500);
    expect((await walletOf(t.app, seller)).balance).toBe(118_500);
    expect(await adjustmentsOf(trade)).toHaveLength(1);
    expect(await adjustAudits(trade)).toHaveLength(1);
    expect(await adjustmentCredits(trade)).toHaveLength(1);
    const mails = await mailsTo(t.app, seller.email);
    expect(mails.filter((mail) => mail.subject.includes('more is in your wallet'))).toHaveLength(1);

    const changed = await adjust(admin, trade.id, { amount: 600, reason: 'Agreed rate' }, key);
    expect(changed.statusCode).toBe(409);
    expect(bodyOf(changed).errors[0]?.field).toBe('idempotency_key');
    expect((await walletOf(t.app, seller)).balance).toBe(118_500);
  });
});
