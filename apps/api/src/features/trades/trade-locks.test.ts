import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockUser } from '../../lib/users';
import { signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import { approve, submitTrade, tradableSubcategory } from '../../../test/trades';

let t: TestApp;
let operator: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterAll(() => t.close());

/** Resolves once a session of this database waits for a lock; polls until `signal` aborts. */
async function queuedBehindLock(signal: AbortSignal): Promise<string> {
  while (!signal.aborted) {
    const waiting = await t.db.execute(sql`
      select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where not l.granted and a.datname = current_database() limit 1`);
    if (waiting.rows.length > 0) return 'queued behind the lock';
    await sleep(20);
  }
  return 'stopped';
}

describe('locks an approval takes', () => {
  it('does not wait on a referrer whose own account is locked (their approval or withdrawal in progress)', async () => {
    const referrer = await signedInUser(t.app);
    const friend = await signedInUser(t.app, { referral_code: referrer.user.referral_code });
    const trade = await submitTrade(t.app, friend, subcategoryId, 10);

    // Another transaction holds the referrer's row as their own approval or withdrawal does
    // (lib/users.ts lockUser). The friend's approval pays the referrer's reward and tells them:
    // rows that point at the referrer's, which must not queue behind that lock. Queued, they
    // closed a cycle with the running totals every approval updates: deadlocks under load.
    let release!: () => void;
    const isReleased = new Promise<void>((resolve) => (release = resolve));
    let markLocked!: () => void;
    const isLocked = new Promise<void>((resolve) => (markLocked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await lockUser(tx, referrer.user.id);
      markLocked();
      await isReleased;
    });
    await isLocked;
    const answered = approve(t.app, operator, trade.id).then((response) => response.statusCode);
    // Whichever comes first: the approval's answer, or PostgreSQL saying a statement of this
    // database waits for a lock (the approval queued behind the holder). No fixed wait: a slow
    // machine only makes either come later.
    const stop = new AbortController();
    const outcome = await Promise.race([answered, queuedBehindLock(stop.signal)]);
    stop.abort();
    release();
    await holder;
    expect(outcome).toBe(200);
    await answered;
    await expectLedgerConsistent(t.db);
  });
});
