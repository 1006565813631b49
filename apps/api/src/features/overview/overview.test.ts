import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleOverview } from '@karta/shared/schemas/console-overview';
import type { DeskWithdrawalDetail, PayoutAlert } from '@karta/shared/schemas/withdrawal-desk';
import { auditLog } from '../../db/schema/audit-log';
import { sandboxTransfers } from '../../db/schema/payouts';
import { bodyOf, register, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import {
  answerOffer,
  approve,
  approveAtValue,
  reject,
  submitTrade,
  tradableSubcategory,
} from '../../../test/trades';
import { bankId, handleWebhooks, runPayoutJob, sellerWithdrawing } from '../../../test/withdrawals';

let t: TestApp;
let subcategoryId: string;
let gtbank: number;

beforeAll(async () => {
  t = await createTestApp();
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
  gtbank = await bankId(t.app, await signedInUser(t.app));
});
afterEach(() => expectLedgerConsistent(t.db));
afterAll(() => t.close());

const OVERVIEW = '/api/v1/admin/overview';

const overviewFor = (session: Session) =>
  t.app.inject({ method: 'GET', url: OVERVIEW, headers: { authorization: session.token } });

async function overviewOf(session: Session): Promise<ConsoleOverview> {
  const response = await overviewFor(session);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<ConsoleOverview>(response).data;
}

const resolve = (session: Session, alertId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/payout_alerts/${alertId}/resolve`,
    headers: { authorization: session.token },
    payload,
  });

/**
 * Sets the app's clock to a moment in UTC. Sessions last 15 minutes of that clock, so a test
 * that jumps signs its people in again afterwards.
 */
const setClock = (iso: string) => {
  t.clock.set(new Date(iso));
};

describe('who may read the overview', () => {
  it('lets operators and admins in and refuses a seller', async () => {
    const seller = await signedInUser(t.app);
    expect((await overviewFor(seller)).statusCode).toBe(403);
    for (const role of ['operator', 'admin'] as const) {
      const staff = await signedInOperator(t.app, t.db, role);
      const response = await overviewFor(staff);
      expect(response.statusCode, response.body).toBe(200);
      expect(bodyOf(response).message).toBe('Overview');
    }
  });
});

describe('trades and accounts', () => {
  it('counts a submission as pending with its age, and each decision, credit and reward of the day', async () => {
    const operator = await signedInOperator(t.app, t.db);
    const referrer = await signedInUser(t.app);
    const before = await overviewOf(operator);

    // A seller invited by a friend: a new account today, and a reward on their first approval.
    const invited = await signedInUser(t.app, { referral_code: referrer.user.referral_code });
    const first = await submitTrade(t.app, invited, subcategoryId, 100);
    const second = await submitTrade(t.app, invited, subcategoryId, 20);
    const waiting = await overviewOf(operator);
    expect(waiting.trades.pending).toBe(before.trades.pending + 2);
    expect(waiting.accounts.new_today).toBe(before.accounts.new_today + 1);
    expect(waiting.trades.oldest_pending_at).not.toBeNull();
    expect(Date.parse(waiting.trades.oldest_pending_at ?? '')).toBeLessThanOrEqual(
      Date.parse(first.created_at),
    );

    t.clock.advance(4 * 60);
    // Below the expected ₦118,000: an offer, which the seller accepts (decision 037).
    await approveAtValue(t.app, { operator, seller: invited, tradeId: first.id, naira: 100_000 });
    const rejected = await reject(t.app, operator, second.id, {
      reason: 'invalid_code',
      note: 'The code does not read.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const after = await overviewOf(operator);
    expect(after.trades).toMatchObject({
      pending: before.trades.pending,
      approved_today: before.trades.approved_today + 1,
      rejected_today: before.trades.rejected_today + 1,
      credited_today: before.trades.credited_today + 100_000,
    });
    expect(after.trades.decision_times.decided).toBe(before.trades.decision_times.decided + 2);
    expect(after.referrals).toEqual({
      rewarded_today: before.referrals.rewarded_today + 1,
      rewards_today: before.referrals.rewards_today + 500,
    });
  });
});

describe('the Lagos day', () => {
  it('puts a decision at 23:30 UTC on the next Lagos day, and one at 22:30 UTC on its own', async () => {
    // A day of its own, years away from the other tests' figures.
    setClock('2031-03-14T22:00:00Z');
    let operator = await signedInOperator(t.app, t.db);
    const seller = await signedInUser(t.app);
    const early = await submitTrade(t.app, seller, subcategoryId, 10);
    const late = await submitTrade(t.app, seller, subcategoryId, 10);

    setClock('2031-03-14T22:30:00Z'); // 23:30 in Lagos, 14 March
    operator = await signedInOperator(t.app, t.db);
    expect(
      (await reject(t.app, operator, early.id, { reason: 'other', note: 'No.' })).statusCode,
    ).toBe(200);
    const fourteenth = await overviewOf(operator);
    expect(fourteenth.lagos_day).toBe('2031-03-14');
    expect(fourteenth.trades).toMatchObject({ rejected_today: 1, approved_today: 0 });
    expect(fourteenth.trades.decision_times).toEqual({
      decided: 1,
      median_seconds: 1800,
      p90_seconds: 1800,
    });

    setClock('2031-03-14T23:30:00Z'); // 00:30 in Lagos, 15 March
    operator = await signedInOperator(t.app, t.db);
    expect((await approve(t.app, operator, late.id)).statusCode).toBe(200);
    const fifteenth = await overviewOf(operator);
    expect(fifteenth.lagos_day).toBe('2031-03-15');
    expect(fifteenth.trades).toMatchObject({
      approved_today: 1,
      rejected_today: 0,
      credited_today: 11_800,
    });
    // Submitted at 22:00 UTC, decided 90 minutes later: the 90th minute's bucket.
    expect(fifteenth.trades.decision_times).toEqual({
      decided: 1,
      median_seconds: 5400,
      p90_seconds: 5400,
    });
  });
});

describe('withdrawals', () => {
  const requestPayout = async (operator: Session, prefix: string) =>
    (await sellerWithdrawing(t.app, t.db, { operator, bankId: gtbank, prefix })).withdrawal;

  it('follows a payout from pending to processing to paid, and another to failed', async () => {
    // Mid-morning in Lagos, so the ten minutes the sandbox takes stay within the day.
    setClock('2031-04-02T09:00:00Z');
    let operator = await signedInOperator(t.app, t.db);
    const before = await overviewOf(operator);
    // Pays after ten minutes.
    const paid = await requestPayout(operator, '9997');
    const requested = await overviewOf(operator);
    expect(requested.withdrawals).toMatchObject({
      pending: before.withdrawals.pending + 1,
      in_flight: before.withdrawals.in_flight + 1,
      float: before.withdrawals.float + 1_000,
    });

    await runPayoutJob(t.app, paid.id);
    const processing = await overviewOf(operator);
    expect(processing.withdrawals).toMatchObject({
      pending: before.withdrawals.pending,
      processing: before.withdrawals.processing + 1,
      in_flight: before.withdrawals.in_flight + 1,
      float: before.withdrawals.float + 1_000,
    });

    t.clock.advance(11 * 60);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);
    operator = await signedInOperator(t.app, t.db);
    // The bank declines this one, a minute later.
    const declined = await requestPayout(operator, '9998');
    await runPayoutJob(t.app, declined.id);
    t.clock.advance(60);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);

    const after = await overviewOf(operator);
    expect(after.withdrawals).toMatchObject({
      pending: before.withdrawals.pending,
      processing: before.withdrawals.processing,
      in_flight: before.withdrawals.in_flight,
      float: before.withdrawals.float,
      paid_today: before.withdrawals.paid_today + 1,
      paid_today_amount: before.withdrawals.paid_today_amount + 1_000,
      failed_today: before.withdrawals.failed_today + 1,
      failed_today_amount: before.withdrawals.failed_today_amount + 1_000,
    });
  });

  it('counts a stuck payout, raises a late success as an alert, and lets only an admin resolve it with a note', async () => {
    setClock('2031-05-06T08:00:00Z');
    const operator = await signedInOperator(t.app, t.db);
    const stuckBefore = (await overviewOf(operator)).withdrawals.stuck;
    const payout = await requestPayout(operator, '9998');
    await runPayoutJob(t.app, payout.id);
    // Over an hour processing, and the provider has not moved it on yet: stuck.
    t.clock.advance(61 * 60);
    const admin = await signedInOperator(t.app, t.db, 'admin');
    expect((await overviewOf(admin)).withdrawals.stuck).toBe(stuckBefore + 1);
    // The provider fails it (its webhook not handled yet): an admin may fail and refund it.
    await t.app.ctx.sandbox?.advanceDueTransfers();

    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${payout.id}/fail`,
      headers: { authorization: admin.token, 'idempotency-key': crypto.randomUUID() },
      payload: { reason: 'No word from the bank in over an hour' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    // A provider that said "failed" pays after all: an alert on the overview, with the
    // withdrawal to open.
    await t.db
      .update(sandboxTransfers)
      .set({ status: 'success' })
      .where(eq(sandboxTransfers.reference, payout.transaction_id));
    await handleWebhooks(t.app, t.db);
    const raised = await overviewOf(admin);
    expect(raised.withdrawals.stuck).toBe(stuckBefore);
    const alert = raised.payout_alerts.open.find((each) => each.withdrawal_id === payout.id);
    expect(alert).toMatchObject({
      kind: 'paid_after_refund',
      transaction_id: payout.transaction_id,
    });
    if (!alert) throw new Error('no alert raised');
    expect(raised.payout_alerts.open_count).toBeGreaterThanOrEqual(1);

    const staffOperator = await signedInOperator(t.app, t.db);
    const seller = await signedInUser(t.app);
    const note = { note: 'Recovered ₦1,000 from the seller by transfer, ref RC-1182' };
    expect((await resolve(staffOperator, alert.id, note)).statusCode).toBe(403);
    expect((await resolve(seller, alert.id, note)).statusCode).toBe(403);
    const blank = await resolve(admin, alert.id, { note: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(bodyOf(blank).errors[0]?.message).toBe('Write what was done about this alert');
    expect((await resolve(admin, crypto.randomUUID(), note)).statusCode).toBe(404);
    expect((await resolve(admin, 'not-an-id', note)).statusCode).toBe(404);
    expect((await overviewOf(admin)).payout_alerts.open_count).toBe(
      raised.payout_alerts.open_count,
    );

    const resolved = await resolve(admin, alert.id, note);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(bodyOf<PayoutAlert>(resolved).data.resolved_at).toBe(t.clock.now().toISOString());
    const again = await resolve(admin, alert.id, note);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).errors[0]?.message).toBe('This alert was already resolved.');

    const after = await overviewOf(admin);
    expect(after.payout_alerts.open_count).toBe(raised.payout_alerts.open_count - 1);
    expect(after.payout_alerts.open.map((each) => each.id)).not.toContain(alert.id);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, payout.id), eq(auditLog.action, 'payout_alert.resolve')));
    expect(audits).toMatchObject([
      { actorUserId: admin.user.id, after: { alert_id: alert.id, note: note.note } },
    ]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/withdrawals/${payout.id}`,
      headers: { authorization: admin.token },
    });
    const events = bodyOf<DeskWithdrawalDetail>(detail).data.events;
    expect(events).toContainEqual(
      expect.objectContaining({ source: 'operator', detail: note.note }),
    );
  });
});

describe('new accounts', () => {
  it('counts a seller who registers, whether or not they confirm', async () => {
    t.clock.set(new Date());
    const operator = await signedInOperator(t.app, t.db);
    const before = (await overviewOf(operator)).accounts.new_today;
    await register(t.app);
    expect((await overviewOf(operator)).accounts.new_today).toBe(before + 1);
  });
});

describe('counter-offers', () => {
  it('counts an offer waiting for the seller and a declined one as their own statuses, never as decisions', async () => {
    t.clock.set(new Date());
    const operator = await signedInOperator(t.app, t.db);
    const seller = await signedInUser(t.app);
    const waiting = await submitTrade(t.app, seller, subcategoryId, 50);
    const declined = await submitTrade(t.app, seller, subcategoryId, 40);
    const before = await overviewOf(operator);
    for (const trade of [waiting, declined]) {
      const offered = await approve(t.app, operator, trade.id, { final_value: 1_000 });
      expect(offered.statusCode, offered.body).toBe(200);
    }
    expect((await answerOffer(t.app, seller, declined.id, false)).statusCode).toBe(200);
    const after = await overviewOf(operator);
    expect(after.trades).toMatchObject({
      pending: before.trades.pending - 2,
      approved_today: before.trades.approved_today,
      rejected_today: before.trades.rejected_today,
      credited_today: before.trades.credited_today,
    });
  });
});

describe('the running totals', () => {
  it('equal a count of the tables after everything above (what the migration backfills)', async () => {
    const counted = await t.db.execute<{ metric: string; n: string; kobo: string }>(sql`
      select 'trades.' || status as metric, count(*)::text as n, sum(expected_kobo)::text as kobo
        from trades group by status
      union all
      select 'withdrawals.' || status, count(*)::text, sum(amount_kobo)::text
        from withdrawals group by status
      order by metric`);
    const kept = await t.db.execute<{ metric: string; n: string; kobo: string }>(
      sql`select metric, n::text, kobo::text from overview_gauges where n > 0 order by metric`,
    );
    expect(kept.rows).toEqual(counted.rows);
    const countedDays = await t.db.execute(sql`
      select overview_lagos_day(reviewed_at) as day, 'trades.' || status as metric, count(*)::int as n
        from trades where status in ('approved', 'rejected') group by 1, 2
      union all
      select overview_lagos_day(completed_at), 'withdrawals.' || status, count(*)::int
        from withdrawals where status in ('successful', 'failed') group by 1, 2
      order by 1, 2`);
    const keptDays = await t.db.execute(sql`
      select day, metric, n::int from overview_daily
        where metric like 'trades.%' or metric like 'withdrawals.%' order by 1, 2`);
    expect(keptDays.rows).toEqual(countedDays.rows);
  });
});
