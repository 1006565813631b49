import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { lockUser } from '../../lib/users';
import { post, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import type { TestApp } from '../../../test/create-test-app';
import {
  fundedUser,
  GTBANK,
  PIN,
  sandboxAccountNumber,
  withdraw,
  withdrawalTestApp,
} from '../../../test/withdrawals';

let t: TestApp;
let operator: Session;
let gtbank: number;

beforeAll(async () => {
  ({ t, operator, gtbank } = await withdrawalTestApp());
});
// The clock moves by half hours here; a fresh operator never finds their token expired.
beforeEach(async () => {
  operator = await signedInOperator(t.app, t.db);
});
afterAll(() => t.close());

const body = (pin: string) => ({
  amount: 1_000,
  pin,
  bank_id: gtbank,
  account_bank: GTBANK,
  account_number: sandboxAccountNumber(),
});

const lockRows = (userId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'pin.locked'), eq(auditLog.targetId, userId)));

describe('withdrawal PIN lock', () => {
  it('writes one pin.locked audit row when the fifth wrong PIN locks withdrawals', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    for (let i = 0; i < 4; i += 1) {
      expect((await withdraw(t.app, user, body('9999'))).statusCode).toBe(401);
    }
    expect(await lockRows(user.user.id)).toHaveLength(0);
    const lockedAt = t.clock.now();
    expect((await withdraw(t.app, user, body('9999'))).statusCode).toBe(429);
    const rows = await lockRows(user.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: user.user.id,
      targetType: 'user',
      targetId: user.user.id,
      after: { locked_until: new Date(lockedAt.getTime() + 30 * 60_000).toISOString() },
      ip: '127.0.0.1',
    });
    // Refused while locked: no more rows, however often it is tried.
    expect((await withdraw(t.app, user, body('9999'))).statusCode).toBe(429);
    expect(await lockRows(user.user.id)).toHaveLength(1);
  });

  it('locks once, with one audit row, when twenty wrong PINs arrive at once', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    await Promise.all(Array.from({ length: 20 }, () => withdraw(t.app, user, body('9999'))));
    expect(await lockRows(user.user.id)).toHaveLength(1);
  });

  it('counts wrong PINs in a row: a right one starts the count again', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    for (let i = 0; i < 4; i += 1) await withdraw(t.app, user, body('9999'));
    expect((await withdraw(t.app, user, body(PIN))).statusCode).toBe(201);
    const wrong = await withdraw(t.app, user, body('9999'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ message: string }>().message).toContain('4 tries left');
  });

  it('compares the PIN before taking the row lock, and refuses a right PIN a lock landed on meanwhile', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    // Another transaction holds the user's row, as a parallel wrong PIN writing the lock does.
    let release!: () => void;
    const isReleased = new Promise<void>((resolve) => (release = resolve));
    let markLocked!: () => void;
    const isLocked = new Promise<void>((resolve) => (markLocked = resolve));
    const lockedUntil = new Date(t.clock.now().getTime() + 30 * 60_000);
    const holder = t.db.transaction(async (tx) => {
      await lockUser(tx, user.user.id);
      markLocked();
      await isReleased;
      await tx.update(users).set({ pinLockedUntil: lockedUntil }).where(eq(users.id, user.user.id));
    });
    await isLocked;
    const answered = withdraw(t.app, user, body(PIN));
    // The request reaches the statement that writes the PIN's outcome, so argon2id ran with no
    // transaction open and no lock held (decision 046); before, it waited here to start comparing.
    const waitsOnOutcome = async () => {
      for (let i = 0; i < 250; i += 1) {
        const waiting = await t.db.execute<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and query like '%pin_failed_attempts + 1%'`);
        if (waiting.rows[0]?.n === 1) return true;
        await sleep(20);
      }
      return false;
    };
    const reached = await waitsOnOutcome();
    release();
    await holder;
    expect(reached).toBe(true);
    const response = await answered;
    // The lock written while the PIN was compared decides: the same 429 as a wrong PIN gets.
    expect(response.statusCode).toBe(429);
    expect(response.json<{ message: string }>().message).toBe(
      'Too many wrong PINs. Withdrawals are locked for 30 minutes.',
    );
  });

  it('stays locked when the PIN is changed: the lock ends only by time', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    for (let i = 0; i < 5; i += 1) await withdraw(t.app, user, body('9999'));
    const changed = await post(
      t.app,
      `/user/update_pin/${user.user.id}`,
      { password: user.password, pin: '1357', verify_pin: '1357' },
      { authorization: user.token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await withdraw(t.app, user, body('1357'))).statusCode).toBe(429);
  });
});
