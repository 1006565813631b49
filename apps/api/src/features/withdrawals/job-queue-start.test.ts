import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/accounts';
import type { TestApp } from '../../../test/create-test-app';
import {
  fundedUser,
  GTBANK,
  PIN,
  sandboxAccountNumber,
  withdraw,
  withdrawalTestApp,
} from '../../../test/withdrawals';

// A fresh app whose first withdrawals arrive all at once. Its queue was started at boot (buildApp's
// onReady), so no request has to start it while holding a pool connection in its transaction.
let t: TestApp;
let operator: Session;
let gtbank: number;

beforeAll(async () => {
  ({ t, operator, gtbank } = await withdrawalTestApp());
});
afterAll(() => t.close());

describe('the first withdrawals of a fresh process', () => {
  it('are all accepted when more arrive at once than the pool has connections', async () => {
    // The test pool has 5 connections; starting pg-boss inside 8 open transactions would wait
    // forever for a sixth.
    const users = [];
    for (let i = 0; i < 8; i += 1) users.push(await fundedUser(t.app, t.db, operator, 2_000));
    const responses = await Promise.all(
      users.map((user) =>
        withdraw(t.app, user, {
          amount: 1_000,
          pin: PIN,
          bank_id: gtbank,
          account_bank: GTBANK,
          account_number: sandboxAccountNumber(),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
  }, 30_000);
});
