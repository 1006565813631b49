import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  bankId,
  fundedUser,
  GTBANK,
  PIN,
  sandboxAccountNumber,
  withdraw,
} from '../../../test/withdrawals';

/**
 * The amount rules of packages/shared/src/withdrawal-rules.ts as the API applies them: the words
 * the withdraw form shows, and a domain code beside the 400 so no client reads the words.
 */
let t: TestApp;
let seller: Session;
let operator: Session;
let gtbank: number;

beforeAll(async () => {
  t = await createTestApp({ env: { WITHDRAWAL_MAX: '3000', WITHDRAWAL_DAILY_LIMIT: '4000' } });
  operator = await signedInOperator(t.app, t.db);
  gtbank = await bankId(t.app, operator);
  seller = await fundedUser(t.app, t.db, operator, 10_000);
});
afterAll(() => t.close());

const request = (amount: number) =>
  withdraw(t.app, seller, {
    amount,
    pin: PIN,
    bank_id: gtbank,
    account_bank: GTBANK,
    account_number: sandboxAccountNumber(),
  });

describe('withdrawal amount rules', () => {
  it('names the rule that refused the amount: minimum, maximum, then the daily limit', async () => {
    const tooSmall = await request(999.99);
    expect(tooSmall.statusCode).toBe(400);
    expect(bodyOf(tooSmall)).toMatchObject({
      code: 'AMOUNT_TOO_SMALL',
      errors: [{ field: 'amount', message: 'The smallest withdrawal is ₦1,000.00.' }],
    });

    const tooLarge = await request(3_000.01);
    expect(bodyOf(tooLarge)).toMatchObject({
      code: 'AMOUNT_TOO_LARGE',
      errors: [{ field: 'amount', message: 'You can withdraw at most ₦3,000.00 at a time.' }],
    });

    expect((await request(3_000)).statusCode).toBe(201);
    const overToday = await request(1_500);
    expect(overToday.statusCode).toBe(400);
    expect(bodyOf(overToday)).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      errors: [
        {
          field: 'amount',
          message:
            'This would pass your daily limit of ₦4,000.00. You can withdraw up to ₦1,000.00 more today.',
        },
      ],
    });

    expect((await request(1_000)).statusCode).toBe(201);
    const limitReached = await request(1_000);
    expect(bodyOf(limitReached)).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      errors: [
        {
          field: 'amount',
          message: 'You have reached today’s limit of ₦4,000.00. You can withdraw again tomorrow.',
        },
      ],
    });
  });

  it('lets exactly four of ten parallel ₦1,000 withdrawals through a ₦4,000 daily limit', async () => {
    // One user's withdrawals take turns on their row, so each sees the others' daily sum.
    const other = await fundedUser(t.app, t.db, operator, 10_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        withdraw(t.app, other, {
          amount: 1_000,
          pin: PIN,
          bank_id: gtbank,
          account_bank: GTBANK,
          account_number: sandboxAccountNumber(),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.statusCode === 400).map(bodyOf);
    expect(refused).toHaveLength(6);
    for (const body of refused) expect(body).toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('sends no domain code where no business rule refused the request', async () => {
    const noKey = await withdraw(t.app, seller, { amount: 1_000, pin: PIN }, null);
    expect(noKey.statusCode).toBe(400);
    expect(bodyOf(noKey)).not.toHaveProperty('code');
  });
});
