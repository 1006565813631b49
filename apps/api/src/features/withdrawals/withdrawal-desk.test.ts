import { and, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  DeskWithdrawal,
  DeskWithdrawalDetail,
  WithdrawalDeskSummary,
} from '@karta/shared/schemas/withdrawal-desk';
import { ProviderUnavailableError, type PayoutProvider } from '../../adapters/payouts/payouts';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { ledgerTransactions } from '../../db/schema/ledger';
import { payoutEvents } from '../../db/schema/payout-events';
import { sandboxTransfers } from '../../db/schema/payouts';
import {
  bodyOf,
  login,
  mailsTo,
  signedInUser,
  type Paged,
  type Session,
} from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import type { TestApp } from '../../../test/create-test-app';
import { walletOf } from '../../../test/trades';
import {
  handleWebhooks,
  sellerWithdrawing as sellerWithdrawingTo,
  withdrawalTestHooks,
} from '../../../test/withdrawals';
import { processWithdrawal } from './process-withdrawal';
import { recheckWithdrawal } from './recheck-withdrawal';

let t: TestApp;
let operator: Session;
let admin: Session;
let gtbank: number;

withdrawalTestHooks((bed) => {
  ({ t, operator, gtbank } = bed);
});
// The clock moves by hours here: a fresh admin session for each test too.
beforeEach(async () => {
  admin = await signedInOperator(t.app, t.db, 'admin');
});

const DESK = '/api/v1/admin/withdrawals';

const call = (
  session: Session,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `${DESK}${url}`,
    headers: { authorization: session.token, ...headers },
    ...(payload ? { payload } : {}),
  });

/** A seller's session again after the clock moved past their token's life. */
async function again(session: Session): Promise<Session> {
  const response = await login(t.app, session.email, session.password);
  expect(response.statusCode, response.body).toBe(200);
  return { ...session, token: response.json<{ token: string }>().token };
}

/** A seller with ₦3,000 who asked for ₦1,000 to a sandbox account with this magic prefix. */
const sellerWithdrawing = (prefix = '1') =>
  sellerWithdrawingTo(t.app, t.db, { operator, bankId: gtbank, prefix });

const detailOf = async (session: Session, id: string) => {
  const response = await call(session, 'GET', `/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<DeskWithdrawalDetail>(response).data;
};

const listOf = async (session: Session, query: string) => {
  const response = await call(session, 'GET', `/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<Paged<DeskWithdrawal>>(response).data;
};

const releasesOf = async (id: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `withdrawal:${id}:release`))
  )[0]?.n;

describe('who may use the money desk', () => {
  it('refuses a seller everywhere, and an operator the fail-and-refund', async () => {
    const { withdrawal } = await sellerWithdrawing();
    const seller = await signedInUser(t.app);
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', '/summary'],
      ['GET', `/${withdrawal.id}`],
      ['POST', `/${withdrawal.id}/recheck`],
      ['POST', `/${withdrawal.id}/fail`],
    ] as const) {
      const response = await call(
        seller,
        method,
        url,
        method === 'POST' ? { reason: 'x' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const asOperator = await call(operator, 'POST', `/${withdrawal.id}/fail`, { reason: 'Stuck' });
    expect(asOperator.statusCode).toBe(403);
    expect((await detailOf(operator, withdrawal.id)).status).toBe('pending');
  });

  it('answers 404 for an unknown or malformed id, and a reason is required', async () => {
    expect((await call(operator, 'GET', `/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(operator, 'POST', '/not-an-id/recheck')).statusCode).toBe(404);
    const blank = await call(admin, 'POST', `/${crypto.randomUUID()}/fail`, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(bodyOf(blank).errors[0]?.message).toBe('Give the reason for failing this payout');
  });
});

describe('listing and searching', () => {
  it('lists newest first, 20 a page, by status, and finds by reference, account number and e-mail', async () => {
    const first = await sellerWithdrawing();
    t.clock.advance(1);
    const second = await sellerWithdrawing('9998');
    await processWithdrawal(t.app.ctx, second.withdrawal.id);
    t.clock.advance(10);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);

    const all = await listOf(operator, '');
    expect(all.meta.size).toBe(20);
    const ids = all.data.map((row) => row.id);
    expect(ids.indexOf(second.withdrawal.id)).toBeLessThan(ids.indexOf(first.withdrawal.id));

    const failed = await listOf(operator, 'status=failed');
    expect(failed.data.map((row) => row.id)).toContain(second.withdrawal.id);
    expect(failed.data.every((row) => row.status === 'failed')).toBe(true);

    for (const q of [
      first.withdrawal.transaction_id,
      first.accountNumber,
      first.seller.email.toUpperCase(),
    ]) {
      const found = await listOf(operator, `q=${encodeURIComponent(q)}`);
      expect(
        found.data.map((row) => row.id),
        q,
      ).toEqual([first.withdrawal.id]);
      expect(found.data[0]).toMatchObject({
        user: { email: first.seller.email },
        account_number: first.accountNumber,
        amount: 1_000,
        fee: 50,
      });
    }
    expect((await listOf(operator, 'q=nothing-like-this')).meta.total).toBe(0);
    expect((await call(operator, 'GET', '/?status=lost')).statusCode).toBe(400);
  });

  it("finds by the start of a reference and of the seller's name or e-mail, not by one letter", async () => {
    const { withdrawal, seller } = await sellerWithdrawing();
    await t.db
      .update(users)
      .set({ firstName: 'Oluwaseun', lastName: 'Quadri-Bankole' })
      .where(eq(users.id, seller.user.id));
    const idsFor = async (q: string) =>
      (await listOf(operator, `q=${encodeURIComponent(q)}`)).data.map((row) => row.id);

    const reference = withdrawal.transaction_id;
    for (const q of [
      reference.slice(0, 11), // wd_ and 8 hex digits
      reference.slice(3, 12).toUpperCase(), // 9 hex digits, typed in capitals
      'oluwaseun qua',
      'Quadri-Bank',
      seller.email.slice(0, seller.email.indexOf('@')),
    ]) {
      expect(await idsFor(q), q).toContain(withdrawal.id);
    }
    // Every row a reference's start finds starts with it.
    const byStart = await listOf(operator, `q=${reference.slice(0, 9)}`);
    expect(byStart.data.every((row) => row.transaction_id.startsWith(reference.slice(0, 9)))).toBe(
      true,
    );
    // Too short to mean anyone: nothing, rather than the whole desk.
    expect((await listOf(operator, 'q=o')).meta.total).toBe(0);
    expect((await listOf(operator, 'q=wd_a')).meta.total).toBe(0);
    // A seller still cannot search the desk.
    expect((await call(seller, 'GET', '/?q=oluwaseun')).statusCode).toBe(403);
  });
});

describe('re-check', () => {
  it('asks the provider now, applies its answer through the locked state change, and shows every step', async () => {
    const { seller, withdrawal } = await sellerWithdrawing('9997');
    await processWithdrawal(t.app.ctx, withdrawal.id);
    // The sandbox pays after 10 minutes and sends its webhook; nobody has handled it yet.
    t.clock.advance(11 * 60);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    const staff = await signedInOperator(t.app, t.db);
    expect((await detailOf(staff, withdrawal.id)).status).toBe('processing');

    const response = await call(staff, 'POST', `/${withdrawal.id}/recheck`);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).message).toBe(
      'Re-checked with the provider: the withdrawal is successful.',
    );
    const detail = bodyOf<DeskWithdrawalDetail>(response).data;
    expect(detail).toMatchObject({
      status: 'successful',
      user: { id: seller.user.id, email: seller.email },
      can_fail: false,
    });
    expect(detail.movements.map((m) => m.kind)).toEqual(['withdrawal_hold', 'withdrawal_fee']);
    const sources = detail.events.map((event) => event.source);
    expect(sources).toContain('webhook');
    expect(sources).toContain('operator');
    expect(detail.events.filter((e) => e.source === 'provider').map((e) => e.title)).toEqual([
      'Provider: no such transfer yet',
      'Transfer sent to the provider',
      'Provider: transfer pending',
      'Provider: transfer paid',
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, withdrawal.id), eq(auditLog.action, 'withdrawal.recheck')));
    expect(audits).toMatchObject([
      {
        actorUserId: staff.user.id,
        before: { status: 'processing' },
        after: { status: 'successful', provider_status: 'succeeded' },
      },
    ]);
    // The webhook, handled later, finds the state final: nothing moves twice.
    await handleWebhooks(t.app, t.db);
    expect(await walletOf(t.app, await again(seller))).toMatchObject({
      balance: 1_950,
      pending_withdrawals: 0,
    });
  });

  it('says so when the provider does not answer, and changes nothing', async () => {
    const { withdrawal } = await sellerWithdrawing();
    const real = t.app.ctx.payouts;
    const silent: PayoutProvider = {
      ...real,
      name: real.name,
      getTransfer: () => Promise.reject(new ProviderUnavailableError('timeout')),
    };
    await expect(
      recheckWithdrawal(
        { ...t.app.ctx, payouts: silent },
        { actor: { userId: operator.user.id, ip: '127.0.0.1' }, withdrawalId: withdrawal.id },
      ),
    ).rejects.toMatchObject({ statusCode: 503 });
    const detail = await detailOf(operator, withdrawal.id);
    expect(detail.status).toBe('pending');
    expect(detail.events.map((e) => e.title)).toContain('Provider did not answer');
  });
});

describe('fail and refund', () => {
  const settlesOf = async (id: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `withdrawal:${id}:settle`))
    )[0]?.n;

  const fail = (
    session: Session,
    id: string,
    reason: string,
    key: string | null = crypto.randomUUID(),
  ) => call(session, 'POST', `/${id}/fail`, { reason }, key ? { 'idempotency-key': key } : {});

  const failAudits = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'withdrawal.fail')));

  /** How often anyone asked the provider about this reference (each answer is kept). */
  const answersAbout = async (reference: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(payoutEvents)
        .where(eq(payoutEvents.reference, reference))
    )[0]?.n;

  it('refuses a payout the provider reports pending, however long it has waited, so its late payment is paid once', async () => {
    const { seller, withdrawal } = await sellerWithdrawing('9997');
    await processWithdrawal(t.app.ctx, withdrawal.id);
    expect((await detailOf(admin, withdrawal.id)).can_fail).toBe(false);
    const young = await fail(admin, withdrawal.id, 'Too slow');
    expect(young.statusCode, young.body).toBe(409);

    // Over an hour processing, and the provider still says pending: stuck, and still refused.
    t.clock.advance(61 * 60);
    const staff = await signedInOperator(t.app, t.db, 'admin');
    const summary = bodyOf<WithdrawalDeskSummary>(await call(staff, 'GET', '/summary')).data;
    expect(summary.stuck_count).toBeGreaterThanOrEqual(1);
    const stuck = await listOf(staff, 'status=stuck');
    expect(stuck.data.map((row) => row.id)).toContain(withdrawal.id);
    expect((await detailOf(staff, withdrawal.id)).can_fail).toBe(false);
    const response = await fail(staff, withdrawal.id, 'Bank has not confirmed in over an hour');
    expect(response.statusCode, response.body).toBe(409);
    expect(bodyOf(response)).toMatchObject({
      status: 'error',
      code: 'WRONG_STATUS',
      message:
        'The provider reports this payout pending: it may still pay it, so nothing was refunded. Wait for the provider to finish it, or re-check it later; you can fail it once the provider reports it failed or returned.',
      errors: [{ field: 'id' }],
    });
    expect((await detailOf(staff, withdrawal.id)).status).toBe('processing');
    expect(await releasesOf(withdrawal.id)).toBe(0);
    expect(await failAudits(withdrawal.id)).toEqual([]);

    // The bank pays after all: settled once, no refund, no alert, the seller paid once.
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);
    const detail = await detailOf(staff, withdrawal.id);
    expect(detail).toMatchObject({ status: 'successful', has_open_alert: false, alerts: [] });
    expect(await settlesOf(withdrawal.id)).toBe(1);
    expect(await releasesOf(withdrawal.id)).toBe(0);
    expect(await walletOf(t.app, await again(seller))).toMatchObject({
      balance: 1_950,
      pending_withdrawals: 0,
    });
  });

  it('refuses, and settles, a payout the provider reports paid', async () => {
    const { withdrawal } = await sellerWithdrawing();
    await processWithdrawal(t.app.ctx, withdrawal.id);
    t.clock.advance(61 * 60);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    const staff = await signedInOperator(t.app, t.db, 'admin');
    const response = await fail(staff, withdrawal.id, 'Stuck');
    expect(response.statusCode, response.body).toBe(409);
    expect(bodyOf(response)).toMatchObject({
      code: 'ALREADY_DECIDED',
      message:
        'The provider reports this payout paid, so it was not failed. The desk now shows what it says.',
    });
    expect((await detailOf(staff, withdrawal.id)).status).toBe('successful');
    expect(await releasesOf(withdrawal.id)).toBe(0);
    await handleWebhooks(t.app, t.db);
    expect(await settlesOf(withdrawal.id)).toBe(1);
  });

  it('refuses "no such transfer" once the transfer was sent: it may still arrive and be paid', async () => {
    const { seller, withdrawal } = await sellerWithdrawing();
    // The worker sends the transfer and the call times out before the provider records it.
    const lostOnTheWay: PayoutProvider = {
      ...t.app.ctx.payouts,
      name: t.app.ctx.payouts.name,
      startTransfer: () => Promise.reject(new ProviderUnavailableError('timeout on the way')),
    };
    await expect(
      processWithdrawal({ ...t.app.ctx, payouts: lostOnTheWay }, withdrawal.id),
    ).rejects.toThrow('timeout on the way');
    expect(await t.app.ctx.payouts.getTransfer(withdrawal.transaction_id)).toBeNull();
    t.clock.advance(61 * 60);
    const staff = await signedInOperator(t.app, t.db, 'admin');
    expect((await detailOf(staff, withdrawal.id)).can_fail).toBe(false);

    const response = await fail(staff, withdrawal.id, 'Provider never saw it');
    expect(response.statusCode, response.body).toBe(409);
    expect(bodyOf(response)).toMatchObject({
      code: 'WRONG_STATUS',
      message:
        'The transfer was sent to the provider, which does not show it yet: it may still pay it, so nothing was refunded. Wait, and re-check it later.',
    });
    expect(await releasesOf(withdrawal.id)).toBe(0);

    // The job's retry sends it again (same reference) and the provider pays it: once.
    await processWithdrawal(t.app.ctx, withdrawal.id);
    t.clock.advance(5);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);
    expect((await detailOf(staff, withdrawal.id)).status).toBe('successful');
    expect(await walletOf(t.app, await again(seller))).toMatchObject({ balance: 1_950 });
  });

  it('answers 503 and refunds nothing when the provider does not answer', async () => {
    const { withdrawal } = await sellerWithdrawing();
    t.clock.advance(61 * 60);
    const staff = await signedInOperator(t.app, t.db, 'admin');
    const real = t.app.ctx.payouts;
    t.app.ctx.payouts = {
      ...real,
      name: real.name,
      getTransfer: () => Promise.reject(new ProviderUnavailableError('timeout')),
    };
    try {
      const response = await fail(staff, withdrawal.id, 'Provider is down');
      expect(response.statusCode, response.body).toBe(503);
      expect(bodyOf(response).message).toBe(
        'The payout provider did not answer, so we cannot tell whether it will still pay this payout. Nothing was refunded; try again in a minute.',
      );
    } finally {
      t.app.ctx.payouts = real;
    }
    expect((await detailOf(staff, withdrawal.id)).status).toBe('pending');
    expect(await releasesOf(withdrawal.id)).toBe(0);
  });

  it('refunds a payout the provider reports failed exactly once under parallel calls; a later payment is an alert, never paid twice', async () => {
    const { seller, withdrawal } = await sellerWithdrawing('9998');
    await processWithdrawal(t.app.ctx, withdrawal.id);
    // The provider has failed it; its webhook has not been handled yet.
    t.clock.advance(5);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    const staff = await signedInOperator(t.app, t.db, 'admin');

    const responses = await Promise.all(
      [1, 2, 3].map(() => fail(staff, withdrawal.id, 'The bank declined it')),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const done = responses.find((r) => r.statusCode === 200);
    expect(done && bodyOf<DeskWithdrawalDetail>(done).data).toMatchObject({
      status: 'failed',
      failure_reason: 'We stopped this payout because the bank did not confirm it.',
    });
    expect(await releasesOf(withdrawal.id)).toBe(1);
    const fresh = await again(seller);
    expect(await walletOf(t.app, fresh)).toMatchObject({ balance: 3_000, pending_withdrawals: 0 });
    const mails = await mailsTo(t.app, seller.email);
    expect(mails.filter((m) => m.subject.includes('did not go through'))).toHaveLength(1);
    expect(await failAudits(withdrawal.id)).toMatchObject([
      {
        actorUserId: staff.user.id,
        before: { status: 'processing' },
        after: { status: 'failed', reason: 'The bank declined it', provider_status: 'failed' },
      },
    ]);

    // A provider that says "failed" and pays anyway: the alert, and nothing paid again.
    await t.db
      .update(sandboxTransfers)
      .set({ status: 'success' })
      .where(eq(sandboxTransfers.reference, withdrawal.transaction_id));
    expect(await handleWebhooks(t.app, t.db)).toBeGreaterThanOrEqual(1);
    expect(await walletOf(t.app, fresh)).toMatchObject({ balance: 3_000, pending_withdrawals: 0 });
    const detail = await detailOf(staff, withdrawal.id);
    expect(detail).toMatchObject({ status: 'failed', has_open_alert: true, can_fail: false });
    expect(detail.alerts).toMatchObject([{ kind: 'paid_after_refund', resolved_at: null }]);
    expect(detail.events.map((e) => e.source)).toEqual(
      expect.arrayContaining(['webhook', 'alert', 'operator']),
    );
    const after = bodyOf<WithdrawalDeskSummary>(await call(staff, 'GET', '/summary')).data;
    expect(after.open_alerts.map((a) => a.withdrawal_id)).toContain(withdrawal.id);
    // Asked again, the provider's success changes nothing either.
    const recheck = await call(staff, 'POST', `/${withdrawal.id}/recheck`);
    expect(bodyOf<DeskWithdrawalDetail>(recheck).data.alerts).toHaveLength(1);
    expect(await walletOf(t.app, fresh)).toMatchObject({ balance: 3_000 });
  });

  it('requires an Idempotency-Key: without one 400 and nothing moves', async () => {
    const { withdrawal } = await sellerWithdrawing();
    t.clock.advance(61 * 60);
    const staff = await signedInOperator(t.app, t.db, 'admin');
    for (const key of [null, '   ', 'k'.repeat(101)]) {
      const response = await fail(staff, withdrawal.id, 'Never sent', key);
      expect(response.statusCode, response.body).toBe(400);
      expect(bodyOf(response)).toMatchObject({
        status: 'error',
        message: 'Send an Idempotency-Key header (up to 100 characters) with each fail-and-refund.',
        errors: [{ field: 'idempotency_key' }],
      });
    }
    expect((await detailOf(staff, withdrawal.id)).status).toBe('pending');
    expect(await releasesOf(withdrawal.id)).toBe(0);
    expect(await answersAbout(withdrawal.transaction_id)).toBe(0);
  });

  it('replays the same key and reason without acting again; the same key with another reason is a 409', async () => {
    const { withdrawal } = await sellerWithdrawing();
    t.clock.advance(61 * 60);
    // Never handed to the provider: it has no such transfer, and none was ever sent.
    const staff = await signedInOperator(t.app, t.db, 'admin');
    const key = crypto.randomUUID();
    const first = await fail(staff, withdrawal.id, 'Never sent', key);
    expect(first.statusCode, first.body).toBe(200);
    const asked = await answersAbout(withdrawal.transaction_id);

    const second = await fail(staff, withdrawal.id, 'Never sent', key);
    expect(second.statusCode, second.body).toBe(200);
    expect(bodyOf(second).message).toBe(bodyOf(first).message);
    expect(bodyOf<DeskWithdrawalDetail>(second).data.status).toBe('failed');
    expect(await answersAbout(withdrawal.transaction_id)).toBe(asked);
    expect(await releasesOf(withdrawal.id)).toBe(1);
    expect(await failAudits(withdrawal.id)).toHaveLength(1);

    const otherReason = await fail(staff, withdrawal.id, 'Another reason', key);
    expect(otherReason.statusCode, otherReason.body).toBe(409);
    expect(bodyOf(otherReason)).toMatchObject({
      message: 'This Idempotency-Key was already used to fail this payout with a different reason.',
      errors: [{ field: 'idempotency_key' }],
    });
    const otherKey = await fail(staff, withdrawal.id, 'Never sent');
    expect(otherKey.statusCode).toBe(409);
    expect(bodyOf(otherKey).code).toBe('ALREADY_DECIDED');
    expect(await releasesOf(withdrawal.id)).toBe(1);
    // The worker's job, arriving late, finds it final and starts no transfer.
    await processWithdrawal(t.app.ctx, withdrawal.id);
    expect((await detailOf(staff, withdrawal.id)).status).toBe('failed');
    expect(await t.app.ctx.payouts.getTransfer(withdrawal.transaction_id)).toBeNull();
  });
});
