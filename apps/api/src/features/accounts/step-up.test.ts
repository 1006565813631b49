import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, post, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import type { TestApp } from '../../../test/create-test-app';
import { databaseFingerprint } from '../../../test/database-fingerprint';
import { expectLedgerConsistent } from '../../../test/ledger';
import { auth, codeAt, nextCode, signInWithCode, turnOnTotp } from '../../../test/two-factor';
import {
  fundedUser,
  GTBANK,
  PIN,
  sandboxAccountNumber,
  withdrawalTestApp,
} from '../../../test/withdrawals';

let t: TestApp;
let gtbank: number;
beforeAll(async () => {
  ({ t, gtbank } = await withdrawalTestApp());
});
afterAll(async () => {
  await expectLedgerConsistent(t.db);
  await t.close();
});

const STEP_UP_SECONDS = 5 * 60;
/** What a refused request may change: the count of codes tried, and nothing else. */
const COUNTERS_ONLY = { rate_counters: true } as const;

/**
 * A seller with a PIN, a verified BVN, ₦5,000 and two-step sign-in on, signed in with a code
 * more than five minutes ago: the session's own second factor has gone stale.
 */
async function sellerWithTwoStep() {
  // Signed in now: the tests move the clock past an earlier operator's token.
  const operator = await signedInOperator(t.app, t.db);
  const funded = await fundedUser(t.app, t.db, operator, 5_000);
  const { secret } = await turnOnTotp(t.app, t.clock, funded);
  const seller = await signInWithCode(t.app, t.clock, funded, secret);
  t.clock.advance(STEP_UP_SECONDS + 1);
  return { seller, secret };
}

const addAccount = (session: Session, headers: Record<string, string> = {}) =>
  post(
    t.app,
    `/user/add_beneficiary_account/${session.user.id}`,
    { bank_id: gtbank, account_bank: GTBANK, account_number: sandboxAccountNumber() },
    { ...auth(session), ...headers },
  );

const withdrawTo = (
  session: Session,
  destination: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/transaction/withdrawal_request/${session.user.id}`,
    payload: { amount: 1_000, pin: PIN, ...destination },
    headers: { ...auth(session), 'idempotency-key': crypto.randomUUID(), ...headers },
  });

function expectStepUpRequired(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(401);
  expect(JSON.parse(response.body)).toMatchObject({
    status: 'error',
    code: 'STEP_UP_REQUIRED',
    errors: [{ field: 'x_two_factor_code' }],
  });
}

describe('adding a bank account with two-step sign-in on', () => {
  it('without a fresh code: 401 STEP_UP_REQUIRED and nothing saved; a wrong code the same', async () => {
    const { seller, secret } = await sellerWithTwoStep();
    const before = await databaseFingerprint(t.db, COUNTERS_ONLY);
    expectStepUpRequired(await addAccount(seller));
    const right = codeAt(secret, t.clock.now());
    const wrong = right === '000000' ? '000001' : '000000';
    expectStepUpRequired(await addAccount(seller, { 'x-two-factor-code': wrong }));
    expect(await databaseFingerprint(t.db, COUNTERS_ONLY)).toEqual(before);
  });

  it('with the code in X-Two-Factor-Code it is saved, and for five minutes this session needs no other', async () => {
    const { seller, secret } = await sellerWithTwoStep();
    const saved = await addAccount(seller, { 'x-two-factor-code': nextCode(t.clock, secret) });
    expect(saved.statusCode, saved.body).toBe(201);
    t.clock.advance(STEP_UP_SECONDS - 10);
    expect((await addAccount(seller)).statusCode).toBe(201);
    t.clock.advance(11);
    expectStepUpRequired(await addAccount(seller));
  });

  it('step_up first: then the change needs no code, on this session only', async () => {
    const { seller, secret } = await sellerWithTwoStep();
    const otherDevice = await signInWithCode(t.app, t.clock, seller, secret);
    t.clock.advance(STEP_UP_SECONDS + 1);
    const stepUp = await post(
      t.app,
      `/user/two_factor/step_up/${seller.user.id}`,
      { code: nextCode(t.clock, secret) },
      auth(seller),
    );
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    expect(bodyOf<{ stepped_up_until: string }>(stepUp).data.stepped_up_until).toBe(
      new Date(t.clock.now().getTime() + STEP_UP_SECONDS * 1000).toISOString(),
    );
    expect((await addAccount(seller)).statusCode).toBe(201);
    expectStepUpRequired(await addAccount(otherDevice));
  });

  it('a step-up code is taken once: the code that stepped one session up is refused on another', async () => {
    const { seller, secret } = await sellerWithTwoStep();
    const otherDevice = await signInWithCode(t.app, t.clock, seller, secret);
    t.clock.advance(STEP_UP_SECONDS + 1);
    const code = nextCode(t.clock, secret);
    expect((await addAccount(seller, { 'x-two-factor-code': code })).statusCode).toBe(201);
    expectStepUpRequired(await addAccount(otherDevice, { 'x-two-factor-code': code }));
  });
});

describe('the other changes that need a fresh code', () => {
  it('changing the PIN and changing the password', async () => {
    const { seller, secret } = await sellerWithTwoStep();
    const pin = (headers: Record<string, string> = {}) =>
      post(
        t.app,
        `/user/update_pin/${seller.user.id}`,
        { password: seller.password, pin: '1357', verify_pin: '1357' },
        { ...auth(seller), ...headers },
      );
    expectStepUpRequired(await pin());
    expectStepUpRequired(
      await post(
        t.app,
        `/user/update_password/${seller.user.id}`,
        {
          password: seller.password,
          otp: '123456',
          new_password: 'Lekki#Bridge2027',
          verify_new_password: 'Lekki#Bridge2027',
        },
        auth(seller),
      ),
    );
    const changed = await pin({ 'x-two-factor-code': nextCode(t.clock, secret) });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('turning automatic withdrawal on asks; turning it off does not', async () => {
    const { seller, secret } = await sellerWithTwoStep();
    const saved = await addAccount(seller, { 'x-two-factor-code': nextCode(t.clock, secret) });
    const accountId = bodyOf<{ id: string }>(saved).data.id;
    t.clock.advance(STEP_UP_SECONDS + 1);
    const turnOn = (headers: Record<string, string> = {}) =>
      post(
        t.app,
        `/user/auto_withdrawal/${seller.user.id}`,
        { enabled: true, beneficiary_account_id: accountId, pin: PIN },
        { ...auth(seller), ...headers },
      );
    expectStepUpRequired(await turnOn());
    const on = await turnOn({ 'x-two-factor-code': nextCode(t.clock, secret) });
    expect(on.statusCode, on.body).toBe(200);
    // A later session whose code has gone stale turns it off without another.
    const later = await signInWithCode(t.app, t.clock, seller, secret);
    t.clock.advance(STEP_UP_SECONDS + 1);
    const off = await post(
      t.app,
      `/user/auto_withdrawal/${seller.user.id}`,
      { enabled: false },
      auth(later),
    );
    expect(off.statusCode, off.body).toBe(200);
  });

  it('a withdrawal to an account typed in now, or added less than 24 hours ago, asks; to an older one it does not', async () => {
    const { seller, secret } = await sellerWithTwoStep();
    const saved = await addAccount(seller, { 'x-two-factor-code': nextCode(t.clock, secret) });
    const accountId = bodyOf<{ id: string }>(saved).data.id;
    t.clock.advance(STEP_UP_SECONDS + 1);
    const before = await databaseFingerprint(t.db, COUNTERS_ONLY);
    expectStepUpRequired(await withdrawTo(seller, { beneficiary_account_id: accountId }));
    expectStepUpRequired(
      await withdrawTo(seller, {
        bank_id: gtbank,
        account_bank: GTBANK,
        account_number: sandboxAccountNumber(),
      }),
    );
    expect(await databaseFingerprint(t.db, COUNTERS_ONLY)).toEqual(before);

    const withCode = await withdrawTo(
      seller,
      { beneficiary_account_id: accountId },
      { 'x-two-factor-code': nextCode(t.clock, secret) },
    );
    expect(withCode.statusCode, withCode.body).toBe(201);

    // A day later (a new sign-in, its code gone stale), the account is no longer new.
    t.clock.advance(24 * 60 * 60);
    const nextDay = await signInWithCode(t.app, t.clock, seller, secret);
    t.clock.advance(STEP_UP_SECONDS + 1);
    const later = await withdrawTo(nextDay, { beneficiary_account_id: accountId });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('an account without two-step sign-in is never asked', async () => {
    const seller = await signedInUser(t.app);
    const saved = await addAccount(seller);
    expect(saved.statusCode, saved.body).toBe(201);
  });
});
