import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent, expectTradeCountsConsistent } from '../../../test/ledger';
import { approve, submitTrade, tradableSubcategory } from '../../../test/trades';

/**
 * What approvals at the same moment rely on for speed (decision 048): the running totals in
 * per-session shards, the platform's postings applied as each transaction commits. Wrong, they
 * show here as deadlocks (an answer other than 200), drifted balances or totals.
 */

let t: TestApp;
let operators: Session[];
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  operators = [];
  for (let i = 0; i < 4; i += 1) operators.push(await signedInOperator(t.app, t.db));
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterAll(() => t.close());

const platformBalance = async (kind: string) => {
  const result = await t.db.execute<{ available: string }>(sql`
    select b.available::text from ledger_balances b join ledger_accounts a on a.id = b.account_id
     where a.user_id is null and a.kind = ${kind}`);
  return BigInt(result.rows[0]?.available ?? 'NaN');
};

describe('approvals at the same moment', () => {
  it('all answer 200 and leave the ledger, the running totals and the counts right', async () => {
    // Sellers with two trades each; every other one invited by the seller before them, whose
    // own approvals run at the same time as the one that pays them their reward.
    const sellers: Session[] = [];
    for (let i = 0; i < 6; i += 1) {
      const inviter = i % 2 === 1 ? sellers[i - 1] : undefined;
      sellers.push(
        await signedInUser(
          t.app,
          inviter ? { referral_code: inviter.user.referral_code } : undefined,
        ),
      );
    }
    const trades = [];
    for (const seller of sellers) {
      trades.push(await submitTrade(t.app, seller, subcategoryId, 10));
      trades.push(await submitTrade(t.app, seller, subcategoryId, 20));
    }
    const fundingBefore = await platformBalance('trade_funding');
    const rewardsBefore = await platformBalance('referral_rewards');

    const responses = await Promise.all(
      trades.map((trade, i) =>
        approve(t.app, operators[i % operators.length] as Session, trade.id),
      ),
    );
    expect(
      responses.map((response) => response.statusCode),
      responses.map((r) => r.body).join('\n'),
    ).toEqual(trades.map(() => 200));

    // $10 and $20 a seller at ₦1,180 (tradableSubcategory).
    const credited = BigInt(sellers.length) * 30n * 118_000n;
    expect(await platformBalance('trade_funding')).toBe(fundingBefore - credited);
    const rewardsPaid = rewardsBefore - (await platformBalance('referral_rewards'));
    const rewarded = await t.db.execute<{ n: number; kobo: string }>(sql`
      select count(*)::int as n, coalesce(sum(reward_kobo), 0)::text as kobo from referrals
       where referred_user_id = any(${sql.param(sellers.map((s) => s.user.id))}::uuid[])
         and status = 'rewarded'`);
    expect(rewarded.rows[0]?.n).toBe(3);
    expect(rewardsPaid).toBe(BigInt(rewarded.rows[0]?.kobo ?? '0'));
    await expectLedgerConsistent(t.db);
    await expectTradeCountsConsistent(t.db);
    const left = await t.db.execute(sql`select id from ledger_pending_postings`);
    expect(left.rows, 'platform postings left unapplied after the commit').toEqual([]);

    // The totals: the views sum the shards, and agree with the tables they count.
    const gauges = await t.db.execute(sql`
      select g.metric, g.n::int, c.n as counted from overview_gauges g
        full join (select 'trades.' || status as metric, count(*)::int as n from trades group by 1) c
          using (metric)
       where g.metric like 'trades.%' and g.n is distinct from coalesce(c.n, 0)`);
    expect(gauges.rows, 'trade gauges that differ from a count of the trades').toEqual([]);
    const daily = await t.db.execute(sql`
      select d.day, d.metric, d.kobo::text, c.kobo::text as counted from overview_daily d
        full join (
          select overview_lagos_day(p.created_at) as day, 'ledger.' || x.kind || '.' || a.kind as metric,
                 sum(p.amount) as kobo
            from ledger_postings p
            join ledger_transactions x on x.id = p.transaction_id
            join ledger_accounts a on a.id = p.account_id
           group by 1, 2) c using (day, metric)
       where d.metric like 'ledger.%' and d.kobo is distinct from c.kobo`);
    expect(daily.rows, 'daily ledger totals that differ from the postings').toEqual([]);
    // They were written from more than one session: the shards are in use.
    const shards = await t.db.execute<{ n: number }>(sql`
      select count(distinct shard)::int as n from overview_gauge_shards where metric = 'trades.approved'`);
    expect(shards.rows[0]?.n).toBeGreaterThan(1);
  });

  it('locks the platform’s trade-funding balance only as the approval commits', async () => {
    const seller = await signedInUser(t.app);
    const trade = await submitTrade(t.app, seller, subcategoryId, 10);
    // Another transaction holds the balance every approval moves.
    let release!: () => void;
    const isReleased = new Promise<void>((resolve) => (release = resolve));
    let markLocked!: () => void;
    const isLocked = new Promise<void>((resolve) => (markLocked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`
        select b.account_id from ledger_balances b join ledger_accounts a on a.id = b.account_id
         where a.user_id is null and a.kind = 'trade_funding' for update of b`);
      markLocked();
      await isReleased;
    });
    await isLocked;
    const answered = approve(t.app, operators[0] as Session, trade.id);
    // The approval runs every statement of its own, and waits only in its COMMIT.
    let waiting: string | undefined;
    for (let i = 0; i < 100 && waiting === undefined; i += 1) {
      const result = await t.db.execute<{ query: string }>(sql`
        select query from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`);
      waiting = result.rows[0]?.query;
      if (waiting === undefined) await sleep(50);
    }
    release();
    await holder;
    expect(waiting?.trim().toLowerCase()).toBe('commit');
    expect((await answered).statusCode).toBe(200);
    await expectLedgerConsistent(t.db);
  });
});
