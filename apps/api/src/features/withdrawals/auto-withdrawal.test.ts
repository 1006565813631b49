import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NoticeList } from '@karta/shared/schemas/notices';
import type { AutoWithdrawalState, User } from '@karta/shared/schemas/users';
import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { ledgerTransactions } from '../../db/schema/ledger';
import { withdrawals } from '../../db/schema/withdrawals';
import { beneficiaryAccounts } from '../../db/schema/beneficiary-accounts';
import { users } from '../../db/schema/users';
import { ANOTHER_PERSON } from '../../adapters/payouts/sandbox';
import {
  bodyOf,
  currentUser,
  mailsTo,
  post,
  signedInUser,
  type Paged,
  type Session,
} from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import type { TestApp } from '../../../test/create-test-app';
import {
  approve,
  approveAtValue,
  reviewStep,
  submitTrade,
  tradableSubcategory,
  walletOf,
} from '../../../test/trades';
import {
  fundedUser,
  GTBANK,
  handleWebhooks,
  PIN,
  runPayoutJob,
  sandboxAccountNumber,
  withdrawalTestHooks,
} from '../../../test/withdrawals';

let t: TestApp;
let operator: Session;
let gtbank: number;

withdrawalTestHooks((bed) => {
  ({ t, operator, gtbank } = bed);
});

const switchAuto = (session: Session, body: object, userId = session.user.id) =>
  post(t.app, `/user/auto_withdrawal/${userId}`, body, { authorization: session.token });

async function stateOf(session: Session): Promise<AutoWithdrawalState> {
  const response = await currentUser(t.app, session.token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<User>(response).data.auto_withdrawal;
}

async function saveAccount(session: Session, prefix = '1') {
  const response = await post(
    t.app,
    `/user/add_beneficiary_account/${session.user.id}`,
    { bank_id: gtbank, account_bank: GTBANK, account_number: sandboxAccountNumber(prefix) },
    { authorization: session.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ id: string; account_number: string }>(response).data;
}

/** A seller with a PIN, a verified BVN, a saved account and automatic withdrawal on. */
async function sellerWithAutoWithdrawal(prefix = '1', tier: 1 | 2 = 2) {
  const seller = await fundedUser(t.app, t.db, operator, 0, { tier });
  const account = await saveAccount(seller, prefix);
  const response = await switchAuto(seller, {
    enabled: true,
    beneficiary_account_id: account.id,
    pin: PIN,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { seller, account };
}

async function withdrawalsOf(session: Session) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/transaction/fetch_withdrawal_request/${session.user.id}`,
    headers: { authorization: session.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<Paged<Withdrawal>>(response).data.data;
}

async function noticesOf(session: Session) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/user/notices/${session.user.id}`,
    headers: { authorization: session.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<NoticeList>(response).data.data;
}

/** Lets the sandbox's clock run: transfers settle and their webhooks are handled. */
async function settle(seconds: number) {
  t.clock.advance(seconds);
  await t.app.ctx.sandbox?.advanceDueTransfers();
  await handleWebhooks(t.app, t.db);
}

/** A $10 trade of the seller's (or `usd`), approved by the operator at `naira`. */
async function approvedTrade(seller: Session, naira: number, usd = 10) {
  const { subcategory } = await tradableSubcategory(t.db);
  const trade = await submitTrade(t.app, seller, subcategory.id, usd);
  // Below the trade's value this is a counter-offer (decision 037), which the seller accepts.
  await approveAtValue(t.app, { operator, seller, tradeId: trade.id, naira });
  return trade;
}

describe('turning automatic withdrawal on and off', () => {
  it('turns on with a saved account and the right PIN, and current_user shows it', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0);
    expect(await stateOf(seller)).toEqual({
      enabled: false,
      beneficiary_account_id: null,
      changed_at: null,
      stopped_reason: null,
    });
    const account = await saveAccount(seller);
    const response = await switchAuto(seller, {
      enabled: true,
      beneficiary_account_id: account.id,
      pin: PIN,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf<AutoWithdrawalState>(response).data).toMatchObject({
      enabled: true,
      beneficiary_account_id: account.id,
    });
    expect(await stateOf(seller)).toMatchObject({
      enabled: true,
      beneficiary_account_id: account.id,
    });

    const off = await switchAuto(seller, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await stateOf(seller)).toMatchObject({ enabled: false, stopped_reason: null });
  });

  it('refuses a wrong PIN with 401 and changes nothing', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0);
    const account = await saveAccount(seller);
    const response = await switchAuto(seller, {
      enabled: true,
      beneficiary_account_id: account.id,
      pin: '1357',
    });
    expect(response.statusCode, response.body).toBe(401);
    expect(bodyOf(response).errors[0]?.field).toBe('pin');
    expect((await stateOf(seller)).enabled).toBe(false);
  });

  it('refuses a seller whose BVN is not verified', async () => {
    const seller = await signedInUser(t.app);
    const pin = await post(
      t.app,
      `/user/update_pin/${seller.user.id}`,
      { password: seller.password, pin: PIN, verify_pin: PIN },
      { authorization: seller.token },
    );
    expect(pin.statusCode, pin.body).toBe(200);
    const account = await saveAccount(seller);
    const response = await switchAuto(seller, {
      enabled: true,
      beneficiary_account_id: account.id,
      pin: PIN,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(bodyOf(response).errors[0]).toMatchObject({ field: 'bvn' });
    expect((await stateOf(seller)).enabled).toBe(false);
  });

  it("answers 403 for another user's id and 404 for an account that is not the seller's", async () => {
    const { seller, account } = await sellerWithAutoWithdrawal();
    const other = await fundedUser(t.app, t.db, operator, 0);
    const foreign = await switchAuto(other, { enabled: false }, seller.user.id);
    expect(foreign.statusCode).toBe(403);
    expect((await stateOf(seller)).enabled).toBe(true);

    const notMine = await switchAuto(other, {
      enabled: true,
      beneficiary_account_id: account.id,
      pin: PIN,
    });
    expect(notMine.statusCode, notMine.body).toBe(404);
    expect((await stateOf(other)).enabled).toBe(false);
  });

  it('turns off when the seller deletes the account it sends to', async () => {
    const { seller, account } = await sellerWithAutoWithdrawal();
    const deleted = await post(
      t.app,
      '/user/delete_beneficiary_account',
      { beneficiary_account_id: account.id, user_id: seller.user.id },
      { authorization: seller.token },
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const state = await stateOf(seller);
    expect(state).toMatchObject({ enabled: false, beneficiary_account_id: null });
    expect(state.stopped_reason).toMatch(/deleted the account/);
  });
});

describe('an approved trade with automatic withdrawal on', () => {
  it('queues the credit less the fee in the transaction of the credit, and pays it out', async () => {
    const { seller, account } = await sellerWithAutoWithdrawal();
    const trade = await approvedTrade(seller, 5_000);

    const [withdrawal, ...others] = await withdrawalsOf(seller);
    expect(others).toHaveLength(0);
    expect(withdrawal).toMatchObject({
      amount: 4_950,
      fee: 50,
      total: 5_000,
      status: 'pending',
      is_automatic: true,
      trade_id: trade.id,
      account_number: account.account_number,
    });
    // The credit never sat in the wallet: it is all held for the payout.
    expect(await walletOf(t.app, seller)).toMatchObject({ balance: 0, pending_withdrawals: 5_000 });
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.tradeId, trade.id));
    expect(row?.idempotencyKey).toBe(`auto:trade:${trade.id}`);
    // The credit and the hold are of one database transaction (PostgreSQL's own id).
    const [credit, hold] = await Promise.all(
      [`trade:${trade.id}:credit`, `withdrawal:${row?.id ?? ''}:hold`].map(async (key) => {
        const result = await t.db.execute<{ xmin: string }>(
          sql`select xmin::text from ${ledgerTransactions} where ${ledgerTransactions.idempotencyKey} = ${key}`,
        );
        return result.rows[0]?.xmin;
      }),
    );
    expect(credit).toBeDefined();
    expect(hold).toBe(credit);

    const mails = await mailsTo(t.app, seller.email);
    expect(mails.find((mail) => mail.subject.startsWith(`Trade ${trade.reference}`))?.text).toMatch(
      /Automatic withdrawal is on, so ₦4,950\.00 .* is on its way to/,
    );

    await runPayoutJob(t.app, withdrawal?.id ?? '');
    await settle(5);
    const [paid] = await withdrawalsOf(seller);
    expect(paid?.status).toBe('successful');
    expect(await walletOf(t.app, seller)).toMatchObject({ balance: 0, pending_withdrawals: 0 });
    expect((await stateOf(seller)).enabled).toBe(true);
  });

  it('queues exactly once when a four-eyes confirmation is repeated', async () => {
    const { seller } = await sellerWithAutoWithdrawal();
    const second = await signedInOperator(t.app, t.db);
    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, seller, subcategory.id, 500);
    const first = await approve(t.app, operator, trade.id, { final_value: 590_000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(await withdrawalsOf(seller)).toHaveLength(0);

    t.clock.advance(1);
    const confirmed = await reviewStep(t.app, second, trade.id, 'confirm_approval');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    t.clock.advance(1);
    const again = await reviewStep(t.app, second, trade.id, 'confirm_approval');
    expect(again.statusCode).toBe(409);

    const list = await withdrawalsOf(seller);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ amount: 589_950, fee: 50, is_automatic: true });
    const holds = await t.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'withdrawal_hold'),
          eq(ledgerTransactions.reference, list[0]?.transaction_id ?? ''),
        ),
      );
    expect(holds).toHaveLength(1);
  });

  it('leaves the money in the wallet when the seller turned it off', async () => {
    const { seller } = await sellerWithAutoWithdrawal();
    expect((await switchAuto(seller, { enabled: false })).statusCode).toBe(200);
    await approvedTrade(seller, 5_000);
    expect(await withdrawalsOf(seller)).toHaveLength(0);
    expect((await walletOf(t.app, seller)).balance).toBe(5_000);
  });

  it('turns off for a suspended seller, keeps the money, and tells them', async () => {
    const { seller } = await sellerWithAutoWithdrawal();
    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, seller, subcategory.id, 10);
    const suspended = await post(
      t.app,
      `/admin/users/${seller.user.id}/suspend`,
      { reason: 'Checking a report about this account' },
      { authorization: operator.token },
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    // At the value shown at submission (10 × ₦1,180): a lower one would be an offer to answer.
    const approved = await approve(t.app, operator, trade.id);
    expect(approved.statusCode, approved.body).toBe(200);

    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.userId, seller.user.id));
    expect(count?.n).toBe(0);
    const notices = await t.db.execute<{ kind: string; body: string }>(
      sql`select kind, body from notices where user_id = ${seller.user.id}`,
    );
    const off = notices.rows.find((notice) => notice.kind === 'auto_withdrawal_off');
    expect(off?.body).toMatch(
      /Your account is suspended\. ₦11,800\.00 from trade .* stays in your wallet/,
    );
    const [user] = await t.db
      .execute<{ auto_withdrawal_beneficiary_id: string | null }>(
        sql`select auto_withdrawal_beneficiary_id from users where id = ${seller.user.id}`,
      )
      .then((result) => result.rows);
    expect(user?.auto_withdrawal_beneficiary_id).toBeNull();
  });

  it('turns off when withdrawals are locked after five wrong PINs', async () => {
    const { seller, account } = await sellerWithAutoWithdrawal();
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await switchAuto(seller, {
        enabled: true,
        beneficiary_account_id: account.id,
        pin: '1357',
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    // The wrong PINs changed nothing by themselves: it is still on until money would move.
    expect((await stateOf(seller)).enabled).toBe(true);

    await approvedTrade(seller, 5_000);
    expect(await withdrawalsOf(seller)).toHaveLength(0);
    expect((await walletOf(t.app, seller)).balance).toBe(5_000);
    const state = await stateOf(seller);
    expect(state).toMatchObject({
      enabled: false,
      stopped_reason: 'Withdrawals are locked after too many wrong PINs.',
    });
    // The accepted offer's notices come at the same instant: pick this one by its kind.
    const notice = (await noticesOf(seller)).find((n) => n.kind === 'auto_withdrawal_off');
    expect(notice).toMatchObject({
      kind: 'auto_withdrawal_off',
      title: 'Automatic withdrawal is off',
    });
  });

  it('keeps a credit too small to send in the wallet and stays on', async () => {
    const { seller } = await sellerWithAutoWithdrawal();
    await approvedTrade(seller, 1_020);
    expect(await withdrawalsOf(seller)).toHaveLength(0);
    expect((await walletOf(t.app, seller)).balance).toBe(1_020);
    expect((await stateOf(seller)).enabled).toBe(true);
    const notice = (await noticesOf(seller)).find((n) => n.kind === 'auto_withdrawal_skipped');
    expect(notice).toMatchObject({ kind: 'auto_withdrawal_skipped' });
    expect(notice?.body).toMatch(/The smallest withdrawal is ₦1,000\.00\./);
    const mails = await mailsTo(t.app, seller.email);
    expect(mails.some((mail) => mail.subject === '₦1,020.00 stayed in your wallet')).toBe(true);
  });

  it('keeps a credit over the KYC tier’s room in the wallet, says what raises it, and stays on', async () => {
    const { seller } = await sellerWithAutoWithdrawal('1', 1);
    // ₦250,000 less the ₦50 fee is more than tier 1 sends at a time (decision 063).
    await approvedTrade(seller, 250_000, 300);
    expect(await withdrawalsOf(seller)).toHaveLength(0);
    expect((await walletOf(t.app, seller)).balance).toBe(250_000);
    expect((await stateOf(seller)).enabled).toBe(true);
    const notice = (await noticesOf(seller)).find((n) => n.kind === 'auto_withdrawal_skipped');
    expect(notice?.body).toContain(
      'Your tier lets you withdraw ₦200,000 at a time. Verify your NIN to raise it to ₦1,000,000.',
    );
    const mails = await mailsTo(t.app, seller.email);
    expect(
      mails.find((mail) => mail.subject === '₦250,000.00 stayed in your wallet')?.text,
    ).toContain('Verify your NIN to raise it to ₦1,000,000.');

    // Within the tier's room the next credit leaves as before.
    await approvedTrade(seller, 100_000, 100);
    const [queued] = await withdrawalsOf(seller);
    expect(queued).toMatchObject({ is_automatic: true });
  });

  it('refunds a failed automatic payout to the wallet and turns automatic withdrawal off', async () => {
    const { seller } = await sellerWithAutoWithdrawal('9998');
    await approvedTrade(seller, 5_000);
    const [queued] = await withdrawalsOf(seller);
    expect(queued?.is_automatic).toBe(true);

    await runPayoutJob(t.app, queued?.id ?? '');
    await settle(5);
    const [failed] = await withdrawalsOf(seller);
    expect(failed?.status).toBe('failed');
    expect(await walletOf(t.app, seller)).toMatchObject({ balance: 5_000, pending_withdrawals: 0 });

    const state = await stateOf(seller);
    expect(state.enabled).toBe(false);
    expect(state.stopped_reason).toMatch(
      /automatic withdrawal of ₦4,950\.00 to .* did not go through/,
    );
    const notices = await noticesOf(seller);
    expect(notices.filter((notice) => notice.kind === 'auto_withdrawal_off')).toHaveLength(1);
    const mails = await mailsTo(t.app, seller.email);
    expect(mails.find((mail) => mail.subject.includes('did not go through'))?.text).toMatch(
      /We turned automatic withdrawal off/,
    );

    // The next trade stays in the wallet.
    await approvedTrade(seller, 2_000);
    expect(await withdrawalsOf(seller)).toHaveLength(1);
    expect((await walletOf(t.app, seller)).balance).toBe(7_000);
  });

  it("skips a credit to an account not in the seller's own name, set up before decision 064, and sends the next one once approved", async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0);
    const number = sandboxAccountNumber('9994');
    // Saved, and chosen for automatic withdrawal, before the own-account rule: another's name.
    const [legacy] = await t.db
      .insert(beneficiaryAccounts)
      .values({
        userId: seller.user.id,
        bankCode: GTBANK,
        bankName: 'Guaranty Trust Bank',
        accountNumber: number,
        accountName: ANOTHER_PERSON,
      })
      .returning();
    await t.db
      .update(users)
      .set({ autoWithdrawalBeneficiaryId: legacy?.id ?? null })
      .where(eq(users.id, seller.user.id));

    await approvedTrade(seller, 5_000);
    expect(await withdrawalsOf(seller)).toHaveLength(0);
    expect((await walletOf(t.app, seller)).balance).toBe(5_000);
    expect((await stateOf(seller)).enabled).toBe(true);
    const notice = (await noticesOf(seller)).find((n) => n.kind === 'auto_withdrawal_skipped');
    expect(notice?.body).toContain(
      `This account is in the name of ${ANOTHER_PERSON}. Karta pays only into accounts in your own name, as on your BVN.`,
    );

    const asked = await post(
      t.app,
      `/user/request_account_approval/${seller.user.id}`,
      { bank_id: gtbank, account_bank: GTBANK, account_number: number },
      { authorization: seller.token },
    );
    const approvalId = bodyOf<{ id: string }>(asked).data.id;
    const approved = await post(
      t.app,
      `/admin/users/${seller.user.id}/account_approvals/${approvalId}/approve`,
      { note: 'Her husband’s account, seen in person.' },
      { authorization: operator.token },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await approvedTrade(seller, 3_000);
    const [queued] = await withdrawalsOf(seller);
    expect(queued).toMatchObject({ is_automatic: true, account_number: number });
  });
});
