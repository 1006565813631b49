import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { signPaystackBody } from '../../adapters/payouts/paystack';
import { ProviderUnavailableError, type PayoutProvider } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import { sandboxWebhookSecret } from '../../adapters/payouts/sandbox';
import { ledgerTransactions } from '../../db/schema/ledger';
import { payoutEvents } from '../../db/schema/payout-events';
import { payoutWebhooks, sandboxTransfers } from '../../db/schema/payouts';
import {
  bodyOf,
  currentUser,
  mailsTo,
  post,
  login,
  signedInUser,
  type Paged,
  type Session,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/create-test-app';
import { walletOf } from '../../../test/trades';
import {
  fundedUser,
  GTBANK,
  handleWebhooks,
  PIN,
  sandboxAccountNumber,
  withdraw,
  withdrawalById,
  withdrawalOf,
  withdrawalTestHooks,
} from '../../../test/withdrawals';
import { processWithdrawal } from './process-withdrawal';
import { reconcileWithdrawals } from './reconciliation';
import { handleStoredWebhook } from './payout-webhooks.service';

let t: TestApp;
let operator: Session;
let gtbank: number;

withdrawalTestHooks((bed) => {
  ({ t, operator, gtbank } = bed);
});

const toNewAccount = (accountNumber: string, amount: number, extra: object = {}) => ({
  amount,
  pin: PIN,
  bank_id: gtbank,
  account_bank: GTBANK,
  account_number: accountNumber,
  ...extra,
});

/**
 * The app's context with a provider that stops the worker as a crash would, handed in by the
 * test as the clock is (production code has no fault hooks): right after the claim committed
 * (the first provider call dies), or after the provider took the transfer and its answer was
 * lost (a timeout, retried like a crash).
 */
function crashingAt(point: 'after-claim' | 'after-transfer'): AppContext {
  const real = t.app.ctx.payouts;
  const payouts: PayoutProvider = new Proxy(real, {
    get(target, property) {
      if (point === 'after-claim' && property === 'getTransfer') {
        return () => Promise.reject(new Error('injected crash after the claim'));
      }
      if (point === 'after-transfer' && property === 'startTransfer') {
        return async (options: Parameters<PayoutProvider['startTransfer']>[0]) => {
          await target.startTransfer(options);
          throw new ProviderUnavailableError('injected crash after the transfer');
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { ...t.app.ctx, payouts };
}

/** Lets the sandbox's clock run: transfers settle and their webhooks are handled. */
async function settle(seconds: number) {
  t.clock.advance(seconds);
  await t.app.ctx.sandbox?.advanceDueTransfers();
  await handleWebhooks(t.app, t.db);
}

const transfersAt = async (reference: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, reference))
  )[0]?.n ?? 0;

describe('banks, account names and beneficiaries', () => {
  it("lists banks and resolves a NUBAN-valid number to the asker's own name, as a bank writes it", async () => {
    const number = sandboxAccountNumber();
    const verify = () =>
      post(
        t.app,
        '/finance/verify_bank_account',
        { bank_id: gtbank, account_bank: GTBANK, account_number: number },
        { authorization: operator.token },
      );
    const first = await verify();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const name = bodyOf<{ account_name: string }>(first).data.account_name;
    // The sandbox answers the holder Karta expects (decision 064): last name first, capitals.
    expect(name).toBe(`${operator.user.last_name} ${operator.user.first_name}`.toUpperCase());
    expect(bodyOf<{ account_name: string }>(await verify()).data.account_name).toBe(name);
  });

  it('refuses a 9999 number, a number failing its check digit, and a bank id and code that disagree', async () => {
    const auth = { authorization: operator.token };
    const unresolvable = await post(
      t.app,
      '/finance/verify_bank_account',
      { bank_id: gtbank, account_bank: GTBANK, account_number: sandboxAccountNumber('9999') },
      auth,
    );
    expect(unresolvable.statusCode).toBe(400);
    expect(bodyOf(unresolvable).errors[0]).toEqual({
      field: 'account_number',
      message: 'We could not find this account at Guaranty Trust Bank. Check the number.',
    });
    const valid = sandboxAccountNumber();
    const broken = `${valid.slice(0, 9)}${String((Number(valid.charAt(9)) + 1) % 10)}`;
    expect(
      (
        await post(
          t.app,
          '/finance/verify_bank_account',
          { bank_id: gtbank, account_bank: GTBANK, account_number: broken },
          auth,
        )
      ).statusCode,
    ).toBe(400);
    const mismatch = await post(
      t.app,
      '/finance/verify_bank_account',
      { bank_id: gtbank, account_bank: '044', account_number: valid },
      auth,
    );
    expect(bodyOf(mismatch).errors[0]?.field).toBe('bank_id');
  });

  it('saves a beneficiary with the resolved name, once', async () => {
    const user = await signedInUser(t.app);
    const add = () =>
      post(
        t.app,
        `/user/add_beneficiary_account/${user.user.id}`,
        { bank_id: gtbank, account_bank: GTBANK, account_number: number },
        { authorization: user.token },
      );
    const number = sandboxAccountNumber();
    const saved = await add();
    expect(saved.statusCode, saved.body).toBe(201);
    expect(bodyOf(saved).data).toMatchObject({
      bank_name: 'Guaranty Trust Bank',
      account_number: number,
    });
    expect((await add()).statusCode).toBe(409);
  });
});

describe('BVN verification', () => {
  it('verifies a matching BVN, keeps only a hash and the last four digits', async () => {
    const user = await signedInUser(t.app);
    const auth = { authorization: user.token };
    const mismatch = await post(
      t.app,
      `/user/verify_kyc/${user.user.id}`,
      { bvn: '01234567890' },
      auth,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(bodyOf(mismatch).errors[0]?.field).toBe('bvn');
    expect(
      (await post(t.app, `/user/verify_kyc/${user.user.id}`, { bvn: '123' }, auth)).statusCode,
    ).toBe(400);
    const ok = await post(t.app, `/user/verify_kyc/${user.user.id}`, { bvn: '22334455667' }, auth);
    expect(bodyOf(ok).data).toEqual({ kyc_verified: true, bvn_last4: '5667' });
    expect(
      bodyOf<{ kyc_verified: boolean }>(await currentUser(t.app, user.token)).data.kyc_verified,
    ).toBe(true);
    const stored = await t.db.execute<{ bvn_hash: string }>(
      sql`select bvn_hash from users where id = ${user.user.id}`,
    );
    expect(stored.rows[0]?.bvn_hash).not.toContain('22334455667');
    expect(t.logs.join('\n')).not.toContain('22334455667');
  });
});

describe('withdrawal requests', () => {
  it('needs a verified BVN, a PIN, the right PIN, an Idempotency-Key and enough money', async () => {
    const fresh = await signedInUser(t.app);
    const noKyc = await withdraw(t.app, fresh, toNewAccount(sandboxAccountNumber(), 1000));
    expect(bodyOf(noKyc).errors[0]).toEqual({
      field: 'bvn',
      message: 'Verify your BVN before you withdraw.',
    });

    const user = await fundedUser(t.app, t.db, operator, 5_000);
    const account = sandboxAccountNumber();
    expect((await withdraw(t.app, user, toNewAccount(account, 1000), null)).statusCode).toBe(400);
    const wrongPin = await withdraw(t.app, user, toNewAccount(account, 1000, { pin: '0000' }));
    expect(wrongPin.statusCode).toBe(401);
    expect(bodyOf(wrongPin).errors[0]?.message).toBe(
      'Wrong PIN. 4 tries left before withdrawals lock for 30 minutes.',
    );
    const tooSmall = await withdraw(t.app, user, toNewAccount(account, 999.99));
    expect(bodyOf(tooSmall).errors[0]).toEqual({
      field: 'amount',
      message: 'The smallest withdrawal is ₦1,000.00.',
    });
    const tooMuch = await withdraw(t.app, user, toNewAccount(account, 4_960));
    expect(bodyOf(tooMuch).code).toBe('INSUFFICIENT_FUNDS');
    expect(bodyOf(tooMuch).errors[0]).toEqual({
      field: 'amount',
      message: 'Your balance (₦5,000.00) is not enough for ₦4,960.00 plus the ₦50.00 fee.',
    });
    expect(await walletOf(t.app, user)).toMatchObject({ balance: 5_000, pending_withdrawals: 0 });
  });

  it('holds amount and fee, pays out through the sandbox, and settles on the webhook', async () => {
    const user = await fundedUser(t.app, t.db, operator, 10_000);
    const response = await withdraw(
      t.app,
      user,
      toNewAccount(sandboxAccountNumber(), 2_500, { add_as_beneficiary: true }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = withdrawalOf(response);
    expect(created).toMatchObject({ status: 'pending', amount: 2_500, fee: 50, total: 2_550 });
    expect(created.transaction_id).toMatch(/^wd_[a-z0-9]{32}$/);
    expect(await walletOf(t.app, user)).toMatchObject({
      balance: 7_450,
      pending_withdrawals: 2_550,
    });

    await processWithdrawal(t.app.ctx, created.id);
    expect((await withdrawalById(t.app, user, created.transaction_id)).status).toBe('processing');
    await settle(5);
    const done = await withdrawalById(t.app, user, created.id);
    expect(done.status).toBe('successful');
    expect(done.timeline.map((entry) => entry.status)).toEqual([
      'requested',
      'processing',
      'successful',
    ]);
    expect(await walletOf(t.app, user)).toMatchObject({ balance: 7_450, pending_withdrawals: 0 });
    const [mail] = await mailsTo(t.app, user.email);
    expect(mail?.subject).toMatch(/^₦2,500\.00 is on its way to Guaranty Trust Bank ••••\d{4}$/);

    const saved = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/get_beneficiary_banks/${user.user.id}`,
      headers: { authorization: user.token },
    });
    expect(bodyOf<Paged<{ account_name: string }>>(saved).data.data[0]?.account_name).toBe(
      done.account_name,
    );
  });

  it('returns the money when the transfer fails (9998), in words for the seller, the provider’s for the desk', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    const created = withdrawalOf(
      await withdraw(t.app, user, toNewAccount(sandboxAccountNumber('9998'), 1_000)),
    );
    await processWithdrawal(t.app.ctx, created.id);
    await settle(5);
    const failed = await withdrawalById(t.app, user, created.id);
    const sellerWords =
      'The receiving bank declined the transfer. Check the account with your bank, or withdraw to another account.';
    expect(failed).toMatchObject({ status: 'failed', failure_reason: sellerWords });
    expect(JSON.stringify(failed)).not.toContain('Sandbox');
    expect(await walletOf(t.app, user)).toMatchObject({ balance: 3_000, pending_withdrawals: 0 });
    const [mail] = await mailsTo(t.app, user.email);
    expect(mail?.subject).toBe('Your withdrawal of ₦1,000.00 did not go through');
    expect(mail?.text).toContain(sellerWords);
    expect(mail?.text).not.toContain('Sandbox');
    // The money desk reads the provider's own words beside the seller's.
    const desk = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/withdrawals/${created.id}`,
      headers: { authorization: operator.token },
    });
    expect(bodyOf<{ provider_reason: string; failure_reason: string }>(desk).data).toMatchObject({
      provider_reason: 'Sandbox: the receiving bank declined the transfer',
      failure_reason: sellerWords,
    });
  });

  it('stays processing for 10 minutes, then succeeds (9997)', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    const created = withdrawalOf(
      await withdraw(t.app, user, toNewAccount(sandboxAccountNumber('9997'), 1_000)),
    );
    await processWithdrawal(t.app.ctx, created.id);
    await settle(60);
    expect((await withdrawalById(t.app, user, created.id)).status).toBe('processing');
    await settle(10 * 60);
    expect((await withdrawalById(t.app, user, created.id)).status).toBe('successful');
  });

  it('books a reversal after success as a new credit, once (9996)', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    const created = withdrawalOf(
      await withdraw(t.app, user, toNewAccount(sandboxAccountNumber('9996'), 1_000)),
    );
    await processWithdrawal(t.app.ctx, created.id);
    await settle(5);
    expect((await withdrawalById(t.app, user, created.id)).status).toBe('successful');
    expect((await walletOf(t.app, user)).balance).toBe(1_950);
    await settle(10);
    const reversed = await withdrawalById(t.app, user, created.id);
    expect(reversed.reversed_at).not.toBeNull();
    expect((await walletOf(t.app, user)).balance).toBe(3_000);
    await processWithdrawal(t.app.ctx, created.id);
    await settle(10);
    expect((await walletOf(t.app, user)).balance).toBe(3_000);
  });

  it('asks the provider after a timeout and never starts the transfer twice (9995)', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    const created = withdrawalOf(
      await withdraw(t.app, user, toNewAccount(sandboxAccountNumber('9995'), 1_000)),
    );
    await expect(processWithdrawal(t.app.ctx, created.id)).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
    await processWithdrawal(t.app.ctx, created.id);
    await settle(5);
    expect(await transfersAt(created.transaction_id)).toBe(1);
    expect((await withdrawalById(t.app, user, created.id)).status).toBe('successful');
  });

  it('makes exactly one transfer after a crash after the claim or after the provider call', async () => {
    const user = await fundedUser(t.app, t.db, operator, 5_000);
    for (const crashAt of ['after-claim', 'after-transfer'] as const) {
      const created = withdrawalOf(
        await withdraw(t.app, user, toNewAccount(sandboxAccountNumber(), 1_000)),
      );
      await expect(processWithdrawal(crashingAt(crashAt), created.id)).rejects.toThrow(
        /injected crash/,
      );
      await processWithdrawal(t.app.ctx, created.id);
      await processWithdrawal(t.app.ctx, created.id);
      await settle(5);
      expect(await transfersAt(created.transaction_id), crashAt).toBe(1);
      expect((await withdrawalById(t.app, user, created.id)).status).toBe('successful');
    }
    expect((await walletOf(t.app, user)).balance).toBe(5_000 - 2 * 1_050);
  });

  it('answers a replayed Idempotency-Key with the same withdrawal, and another body with 409', async () => {
    const user = await fundedUser(t.app, t.db, operator, 5_000);
    const key = crypto.randomUUID();
    const body = toNewAccount(sandboxAccountNumber(), 1_000);
    const [first, second] = await Promise.all([
      withdraw(t.app, user, body, key),
      withdraw(t.app, user, body, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(withdrawalOf(second).id).toBe(withdrawalOf(first).id);
    const conflict = await withdraw(t.app, user, { ...body, amount: 1_500 }, key);
    expect(conflict.statusCode).toBe(409);
    expect((await walletOf(t.app, user)).balance).toBe(3_950);
  });

  it('lets exactly one of 50 parallel withdrawals of the whole balance through', async () => {
    const user = await fundedUser(t.app, t.db, operator, 2_050);
    const account = sandboxAccountNumber();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(t.app, user, toNewAccount(account, 2_000))),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(49);
    expect(await walletOf(t.app, user)).toMatchObject({ balance: 0, pending_withdrawals: 2_050 });
  });

  it('locks withdrawals for 30 minutes at the fifth wrong PIN, however many arrive at once', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    const body = toNewAccount(sandboxAccountNumber(), 1_000, { pin: '9999' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(t.app, user, body)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
    const right = await withdraw(t.app, user, toNewAccount(sandboxAccountNumber(), 1_000));
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(29 * 60);
    expect((await mailsTo(t.app, user.email))[0]?.subject).toMatch(/locked/i);
    t.clock.advance(31 * 60);
    // Half an hour on, the access token has expired too: sign in again, then it works.
    const again = await login(t.app, user.email, user.password);
    const fresh = { ...user, token: again.json<{ token: string }>().token };
    expect(
      (await withdraw(t.app, fresh, toNewAccount(sandboxAccountNumber(), 1_000))).statusCode,
    ).toBe(201);
  });

  it('refuses another user’s beneficiary as not found', async () => {
    const owner = await signedInUser(t.app);
    const saved = await post(
      t.app,
      `/user/add_beneficiary_account/${owner.user.id}`,
      { bank_id: gtbank, account_bank: GTBANK, account_number: sandboxAccountNumber() },
      { authorization: owner.token },
    );
    const thief = await fundedUser(t.app, t.db, operator, 3_000);
    const response = await withdraw(t.app, thief, {
      amount: 1_000,
      pin: PIN,
      beneficiary_account_id: bodyOf<{ id: string }>(saved).data.id,
    });
    expect(response.statusCode).toBe(404);
    expect((await walletOf(t.app, thief)).balance).toBe(3_000);
  });
});

describe('payout webhooks', () => {
  const webhook = (payload: object, signature?: string) => {
    const raw = Buffer.from(JSON.stringify(payload));
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/sandbox',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-paystack-signature': signature }),
      },
    });
  };
  const secretOf = () => sandboxWebhookSecret(t.app.ctx.keys.sandboxWebhooks);

  const storedWebhooks = async () =>
    (await t.db.select({ n: count() }).from(payoutWebhooks))[0]?.n ?? 0;

  it('answers 401 to a missing or wrong signature and stores nothing', async () => {
    const before = await storedWebhooks();
    const payload = { event: 'transfer.success', data: { reference: 'wd_x', status: 'success' } };
    expect((await webhook(payload)).statusCode).toBe(401);
    expect((await webhook(payload, 'a'.repeat(128))).statusCode).toBe(401);
    const otherKey = signPaystackBody('not-our-secret', Buffer.from(JSON.stringify(payload)));
    expect((await webhook(payload, otherKey)).statusCode).toBe(401);
    expect(await storedWebhooks()).toBe(before);
  });

  it('keeps the same webhook once when it arrives 5 times at once; reversed before success refunds once', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    const created = withdrawalOf(
      await withdraw(t.app, user, toNewAccount(sandboxAccountNumber('9996'), 1_000)),
    );
    await processWithdrawal(t.app.ctx, created.id);
    // The sandbox pays (success webhook), then the bank returns it (reversed webhook).
    t.clock.advance(5);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    t.clock.advance(10);
    await t.app.ctx.sandbox?.advanceDueTransfers();

    // The reversal news arrives four more times, at once: still one stored copy.
    const before = await storedWebhooks();
    const payload = {
      event: 'transfer.reversed',
      data: { reference: created.transaction_id, status: 'reversed' },
    };
    const signature = signPaystackBody(secretOf(), Buffer.from(JSON.stringify(payload)));
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(payload, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await storedWebhooks()).toBe(before);

    // Handled out of order, reversal first: one final state, one refund.
    const stored = await t.db.execute<{ id: string }>(sql`
      select id from payout_webhooks
       where reference = ${created.transaction_id} and processed_at is null
       order by received_at desc`);
    expect(stored.rows).toHaveLength(2);
    for (const { id } of stored.rows) await handleStoredWebhook(t.app.ctx, id);
    const final = await withdrawalById(t.app, user, created.id);
    expect(final.status).toBe('failed');
    expect((await walletOf(t.app, user)).balance).toBe(3_000);
    await processWithdrawal(t.app.ctx, created.id);
    await settle(10);
    expect((await walletOf(t.app, user)).balance).toBe(3_000);
  });

  /** A transfer webhook exactly as the sandbox sends it for this transfer, and its signature. */
  async function signedEventOf(reference: string, status: 'success' | 'reversed') {
    const [row] = await t.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, reference));
    if (!row) throw new Error(`no sandbox transfer ${reference}`);
    const payload = {
      event: `transfer.${status}`,
      data: {
        reference,
        status,
        amount: Number(row.amountKobo),
        currency: 'NGN',
        reason: 'Karta withdrawal',
        failures: row.reason,
        recipient: { recipient_code: row.recipientCode },
      },
    };
    return {
      payload,
      signature: signPaystackBody(secretOf(), Buffer.from(JSON.stringify(payload))),
    };
  }

  const ledgerMovesOf = async (id: string, step: 'settle' | 'release' | 'reversal') =>
    (
      await t.db
        .select({ n: count() })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `withdrawal:${id}:${step}`))
    )[0]?.n;

  const answersAbout = async (reference: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(payoutEvents)
        .where(eq(payoutEvents.reference, reference))
    )[0]?.n;

  it('settles at once on the real event after valid copies came while the transfer was pending; copies after it change nothing', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    const created = withdrawalOf(
      await withdraw(t.app, user, toNewAccount(sandboxAccountNumber('9997'), 1_000)),
    );
    await processWithdrawal(t.app.ctx, created.id);
    const early = await signedEventOf(created.transaction_id, 'success');

    // Valid, signed copies of the success news while the provider still says pending: each is
    // checked with the provider (one check owed at a time), and nothing moves.
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => webhook(early.payload, early.signature)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await handleWebhooks(t.app, t.db)).toBe(1);
    }
    expect((await withdrawalById(t.app, user, created.id)).status).toBe('processing');

    // The provider pays, and its real event comes through our route: settled at once, with no
    // reconciliation and no payout job.
    t.clock.advance(11 * 60);
    expect(await t.app.ctx.sandbox?.advanceDueTransfers()).toBeGreaterThanOrEqual(1);
    expect(await handleWebhooks(t.app, t.db)).toBe(1);
    expect((await withdrawalById(t.app, user, created.id)).status).toBe('successful');
    expect(await ledgerMovesOf(created.id, 'settle')).toBe(1);
    expect(await ledgerMovesOf(created.id, 'release')).toBe(0);
    expect(await walletOf(t.app, user)).toMatchObject({ balance: 1_950, pending_withdrawals: 0 });

    // The real event again, five times: no check is owed, nobody asks the provider, nothing moves.
    const asked = await answersAbout(created.transaction_id);
    const real = await signedEventOf(created.transaction_id, 'success');
    const again = await Promise.all(
      Array.from({ length: 5 }, () => webhook(real.payload, real.signature)),
    );
    expect(again.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await handleWebhooks(t.app, t.db)).toBe(0);
    expect(await answersAbout(created.transaction_id)).toBe(asked);
    expect(await ledgerMovesOf(created.id, 'settle')).toBe(1);
  });

  it('books a reversal at once on its real event after an early copy found the transfer still paid', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    const created = withdrawalOf(
      await withdraw(t.app, user, toNewAccount(sandboxAccountNumber('9996'), 1_000)),
    );
    await processWithdrawal(t.app.ctx, created.id);
    await settle(5);
    expect((await withdrawalById(t.app, user, created.id)).status).toBe('successful');

    // A copy of the reversal news before the bank returned the money: checked, nothing moves.
    const early = await signedEventOf(created.transaction_id, 'reversed');
    expect((await webhook(early.payload, early.signature)).statusCode).toBe(200);
    expect(await handleWebhooks(t.app, t.db)).toBe(1);
    expect(await ledgerMovesOf(created.id, 'reversal')).toBe(0);

    // The bank returns it: the real event books the reversal once, and its copies nothing more.
    t.clock.advance(10);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    expect(await handleWebhooks(t.app, t.db)).toBe(1);
    expect(await ledgerMovesOf(created.id, 'reversal')).toBe(1);
    expect(await walletOf(t.app, user)).toMatchObject({ balance: 3_000 });
    expect((await webhook(early.payload, early.signature)).statusCode).toBe(200);
    expect(await handleWebhooks(t.app, t.db)).toBe(0);
    expect(await ledgerMovesOf(created.id, 'reversal')).toBe(1);
  });
});

describe('reconciliation', () => {
  it('queues the payout again for withdrawals stuck for a minute, and pays them once', async () => {
    const user = await fundedUser(t.app, t.db, operator, 3_000);
    const created = withdrawalOf(
      await withdraw(
        t.app,
        user,
        toNewAccount(sandboxAccountNumber(), 1_000, { add_as_beneficiary: true }),
      ),
    );
    // The job was lost: nothing processed it. A minute on, reconciliation finds it.
    t.clock.advance(30);
    expect(await reconcileWithdrawals(t.app.ctx)).not.toContain(created.id);
    t.clock.advance(45);
    expect(await reconcileWithdrawals(t.app.ctx)).toContain(created.id);
    await processWithdrawal(t.app.ctx, created.id);
    await settle(5);
    expect((await withdrawalById(t.app, user, created.id)).status).toBe('successful');
    t.clock.advance(600);
    expect(await reconcileWithdrawals(t.app.ctx)).not.toContain(created.id);
    const [saved] = (
      await t.db.execute<{ recipient_code: string | null }>(
        sql`select recipient_code from beneficiary_accounts where user_id = ${user.user.id}`,
      )
    ).rows;
    expect(saved?.recipient_code).toMatch(/^RCP_/);
  });
});

describe('withdrawal history', () => {
  it('lists the user’s withdrawals with filters, and hides other users’', async () => {
    const user = await fundedUser(t.app, t.db, operator, 5_000);
    const a = withdrawalOf(
      await withdraw(t.app, user, toNewAccount(sandboxAccountNumber(), 1_000)),
    );
    t.clock.advance(60);
    withdrawalOf(await withdraw(t.app, user, toNewAccount(sandboxAccountNumber('9998'), 1_000)));
    const list = (query: string, session = user) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/transaction/fetch_withdrawal_request/${session.user.id}${query}`,
        headers: { authorization: session.token },
      });
    const all = bodyOf<Paged<Withdrawal>>(await list('?page=1&size=10')).data;
    expect(all.meta.total).toBe(2);
    expect(all.data[1]?.id).toBe(a.id);
    expect(bodyOf<Paged<Withdrawal>>(await list('?status=pending')).data.meta.total).toBe(2);
    expect(bodyOf<Paged<Withdrawal>>(await list('?status=successful')).data.meta.total).toBe(0);
    const stranger = await signedInUser(t.app);
    const asStranger = await t.app.inject({
      method: 'GET',
      url: `/api/v1/transaction/fetch_withdrawal_request/${user.user.id}`,
      headers: { authorization: stranger.token },
    });
    expect(asStranger.statusCode).toBe(403);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/transaction/fetch_withdrawal_request/${stranger.user.id}?transaction_id=${a.transaction_id}`,
      headers: { authorization: stranger.token },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses to delete an account while a withdrawal holds its money', async () => {
    const user = await fundedUser(t.app, t.db, operator, 1_050);
    withdrawalOf(await withdraw(t.app, user, toNewAccount(sandboxAccountNumber(), 1_000)));
    const response = await post(
      t.app,
      `/user/delete_account/${user.user.id}`,
      { password: user.password },
      { authorization: user.token },
    );
    expect(response.statusCode).toBe(400);
  });
});
