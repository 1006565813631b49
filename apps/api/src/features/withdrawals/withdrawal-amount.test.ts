import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES } from '@karta/shared/schemas/withdrawals';
import { bodyOf, type Session } from '../../../test/accounts';
import type { TestApp } from '../../../test/create-test-app';
import { databaseFingerprint } from '../../../test/database-fingerprint';
import { approve, submitTrade, tradableSubcategory, walletOf } from '../../../test/trades';
import {
  fundedUser,
  GTBANK,
  PIN,
  sandboxAccountNumber,
  withdraw,
  withdrawalTestApp,
} from '../../../test/withdrawals';

/**
 * Amounts a JSON client can send that are not naira with two decimals: float noise, a number
 * too small to print without an exponent, and numbers too large for any wallet. Each used to
 * pass validation and then throw while being turned into kobo (500).
 */
const NOT_NAIRA = [
  1000.3000000000001,
  0.1 + 0.2,
  10.001,
  5e-324,
  1e300,
  Number.MAX_SAFE_INTEGER + 2,
];

let t: TestApp;
let operator: Session;
let seller: Session;
let gtbank: number;

beforeAll(async () => {
  ({ t, operator, gtbank } = await withdrawalTestApp());
  seller = await fundedUser(t.app, t.db, operator, 5_000);
});
afterAll(() => t.close());

describe('an amount that is not naira with two decimals is a 400 that changes nothing', () => {
  it.each(NOT_NAIRA)('withdrawal amount %s', async (amount) => {
    const before = await databaseFingerprint(t.db);
    const response = await withdraw(t.app, seller, {
      amount,
      pin: PIN,
      bank_id: gtbank,
      account_bank: GTBANK,
      account_number: sandboxAccountNumber(),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(bodyOf(response).errors[0]).toEqual({
      field: 'amount',
      message: WITHDRAWAL_MESSAGES.AMOUNT_INVALID,
    });
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it.each(NOT_NAIRA)('approval final_value %s', async (finalValue) => {
    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, seller, subcategory.id, 10);
    const balance = (await walletOf(t.app, seller)).balance;
    const before = await databaseFingerprint(t.db);
    const response = await approve(t.app, operator, trade.id, { final_value: finalValue });
    expect(response.statusCode, response.body).toBe(400);
    expect(bodyOf(response).errors[0]?.field).toBe('final_value');
    expect(await databaseFingerprint(t.db)).toEqual(before);
    expect((await walletOf(t.app, seller)).balance).toBe(balance);
  });

  it('still takes an amount with two decimals', async () => {
    const response = await withdraw(t.app, seller, {
      amount: 1000.3,
      pin: PIN,
      bank_id: gtbank,
      account_bank: GTBANK,
      account_number: sandboxAccountNumber(),
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
