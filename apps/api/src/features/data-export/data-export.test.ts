import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getLagosDate } from '@karta/shared/dates';
import {
  DATA_EXPORT_LIMIT_PER_HOUR,
  dataExportFileName,
  type DataExport,
} from '@karta/shared/schemas/data-export';
import { bodyOf, login, mailsTo, post, signedInUser, type Session } from '../../../test/accounts';
import type { TestApp } from '../../../test/create-test-app';
import { turnOnTotp } from '../../../test/two-factor';
import {
  GTBANK,
  PIN,
  sandboxAccountNumber,
  sellerWithdrawing,
  withdrawalTestHooks,
} from '../../../test/withdrawals';

let t: TestApp;
let operator: Session;
let gtbank: number;
withdrawalTestHooks((bed) => {
  ({ t, operator, gtbank } = bed);
});

const download = (session: Session, userId = session.user.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/data_export/${userId}`,
    headers: { authorization: session.token },
  });

async function exportOf(session: Session) {
  const response = await download(session);
  expect(response.statusCode, response.body).toBe(200);
  return { text: response.body, data: response.json<DataExport>(), response };
}

async function saveBeneficiary(session: Session) {
  const accountNumber = sandboxAccountNumber('1');
  const response = await post(
    t.app,
    `/user/add_beneficiary_account/${session.user.id}`,
    { bank_id: gtbank, account_bank: GTBANK, account_number: accountNumber },
    { authorization: session.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return accountNumber;
}

/** A seller with an approved trade, a withdrawal, a saved account and the notices they make. */
async function seededSeller() {
  const seeded = await sellerWithdrawing(t.app, t.db, { operator, bankId: gtbank });
  const beneficiary = await saveBeneficiary(seeded.seller);
  const [trade] = (
    await t.db.execute<{ id: string; reference: string }>(
      sql`select id, reference from trades where user_id = ${seeded.seller.user.id}`,
    )
  ).rows;
  if (!trade) throw new Error('the seeded seller has no trade');
  return { ...seeded, beneficiary, trade };
}

describe('GET /user/data_export/{user_id}', () => {
  it("holds the seller's trade, withdrawal, wallet lines, saved account and notices, and nothing of another seller", async () => {
    const mine = await seededSeller();
    const theirs = await seededSeller();
    const { text, data, response } = await exportOf(mine.seller);

    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${dataExportFileName(getLagosDate(t.clock.now()))}"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    expect(data.profile).toMatchObject({ id: mine.seller.user.id, email: mine.seller.email });
    expect(data.kyc.bvn_verified).toBe(true);
    expect(data.kyc.bvn_last4).toMatch(/^\d{4}$/);
    expect(data.profile.has_withdrawal_pin).toBe(true);
    expect(data.trades.map((trade) => trade.reference)).toEqual([mine.trade.reference]);
    const [trade] = data.trades;
    expect(trade?.status).toBe('approved');
    expect(trade?.photos.length).toBeGreaterThan(0);
    expect(trade?.photos[0]?.description).toMatch(/photo of the card/);
    // approveAtValue approves below the expected value: a counter-offer the seller accepted
    // (at the same instant of the test's clock, so in either order).
    expect(trade?.timeline.map((step) => step.status).sort()).toEqual([
      'approved',
      'counter_offered',
      'offer_accepted',
      'submitted',
    ]);
    expect(data.withdrawals.map((each) => each.reference)).toEqual([
      mine.withdrawal.transaction_id,
    ]);
    expect(data.withdrawals[0]).toMatchObject({
      amount: 1_000,
      account_number: mine.accountNumber,
    });
    // The trade's credit, then the withdrawal's amount and fee leaving the wallet.
    expect(data.wallet.lines[0]).toMatchObject({ kind: 'trade_credit', amount: 3_000 });
    expect(data.wallet.lines.at(-1)?.balance_after).toBe(data.wallet.available);
    expect(data.beneficiaries.map((each) => each.account_number)).toEqual([mine.beneficiary]);
    expect(data.notices.map((notice) => notice.kind)).toContain('trade_approved');
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({ device: 'web', ended_at: null });

    // Nothing of the other seller: their ids, references, account numbers or e-mail (the
    // test's sellers share one name).
    for (const value of [
      theirs.seller.user.id,
      theirs.seller.email,
      theirs.trade.id,
      theirs.trade.reference,
      theirs.withdrawal.id,
      theirs.withdrawal.transaction_id,
      theirs.accountNumber,
      theirs.beneficiary,
    ]) {
      expect(text).not.toContain(value);
    }
  });

  it("refuses another user's user_id with 403, and tells neither of them anything", async () => {
    const mine = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const response = await download(mine, other.user.id);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(bodyOf(response).status).toBe('error');
    const notices = await t.db.execute(
      sql`select 1 from notices where kind = 'data_exported' and user_id in (${mine.user.id}, ${other.user.id})`,
    );
    expect(notices.rows).toHaveLength(0);
    // A stranger's attempt does not use up the owner's downloads.
    for (let n = 0; n < DATA_EXPORT_LIMIT_PER_HOUR; n += 1) {
      expect((await download(other)).statusCode).toBe(200);
    }
  });

  it('tells the owner in the bell and by mail, with the time and the device', async () => {
    const seller = await signedInUser(t.app);
    await exportOf(seller);
    const [mail] = (await mailsTo(t.app, seller.email)).filter(
      (each) => each.subject === 'Your Karta data was downloaded',
    );
    expect(mail?.text).toContain('from the Karta website');
    expect(mail?.text).toContain('(Lagos time)');
    expect(mail?.text).toContain('change your password');
    const notices = await t.db.execute<{ title: string; body: string }>(
      sql`select title, body from notices where user_id = ${seller.user.id} and kind = 'data_exported'`,
    );
    expect(notices.rows).toEqual([
      expect.objectContaining({
        title: 'Your Karta data was downloaded',
        body: expect.stringContaining('from the Karta website') as unknown,
      }),
    ]);
    // The next download holds the notice the first one left.
    const { data } = await exportOf(seller);
    expect(data.notices.map((notice) => notice.kind)).toContain('data_exported');
  });

  it(`allows ${String(DATA_EXPORT_LIMIT_PER_HOUR)} downloads an hour per account, then 429 with Retry-After`, async () => {
    // A minute into an hour's window, so 59 minutes of it are left to wait.
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / 3_600_000) * 3_600_000 + 60_000));
    const seller = await signedInUser(t.app);
    const neighbour = await signedInUser(t.app);
    for (let n = 0; n < DATA_EXPORT_LIMIT_PER_HOUR; n += 1) {
      expect((await download(seller)).statusCode).toBe(200);
    }
    const refused = await download(seller);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(59 * 60));
    expect(bodyOf(refused).message).toBe(
      `You can download your data ${String(DATA_EXPORT_LIMIT_PER_HOUR)} times an hour. Please try again in 59 minutes.`,
    );
    // The refused one made no file and told nobody.
    const told = await t.db.execute(
      sql`select 1 from notices where user_id = ${seller.user.id} and kind = 'data_exported'`,
    );
    expect(told.rows).toHaveLength(DATA_EXPORT_LIMIT_PER_HOUR);
    // Another account has its own count.
    expect((await download(neighbour)).statusCode).toBe(200);
    // The next hour allows again (signed in again: an access token lives 15 minutes).
    t.clock.advance(59 * 60);
    const again = await login(t.app, seller.email, seller.password);
    expect(again.statusCode, again.body).toBe(200);
    const next = await download({ ...seller, token: again.json<{ token: string }>().token });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('never holds a secret: password, PIN, BVN, authenticator secret, recovery codes, tokens or their hashes', async () => {
    const seller = await signedInUser(t.app);
    const auth = { authorization: seller.token };
    const pin = await post(
      t.app,
      `/user/update_pin/${seller.user.id}`,
      { password: seller.password, pin: PIN, verify_pin: PIN },
      auth,
    );
    expect(pin.statusCode, pin.body).toBe(200);
    const bvn = `7${String(Date.now()).slice(-10)}`;
    const kyc = await post(t.app, `/user/verify_kyc/${seller.user.id}`, { bvn }, auth);
    expect(kyc.statusCode, kyc.body).toBe(200);
    // The sandbox's NINs starting with 1 are the account holder's own (decision 063).
    const nin = `1${String(Date.now()).slice(-10)}`;
    const ninCheck = await post(t.app, `/user/verify_nin/${seller.user.id}`, { nin }, auth);
    expect(ninCheck.statusCode, ninCheck.body).toBe(200);
    const { secret, recoveryCodes } = await turnOnTotp(t.app, t.clock, seller);

    const { text, data } = await exportOf(seller);
    expect(data.kyc).toMatchObject({ tier: 2, nin_last4: nin.slice(-4) });
    expect(data.two_factor).toMatchObject({ authenticator_on: true, recovery_codes_left: 10 });
    expect(data.kyc.bvn_last4).toBe(bvn.slice(-4));

    const [stored] = (
      await t.db.execute<{
        password_hash: string;
        pin_hash: string;
        bvn_hash: string;
        nin_hash: string;
      }>(
        sql`select password_hash, pin_hash, bvn_hash, nin_hash from users where id = ${seller.user.id}`,
      )
    ).rows;
    const [totp] = (
      await t.db.execute<{ sealed_secret: string }>(
        sql`select sealed_secret from totp_credentials where user_id = ${seller.user.id}`,
      )
    ).rows;
    const hashes = await t.db.execute<{ hash: string }>(sql`
      select code_hash as hash from recovery_codes where user_id = ${seller.user.id}
      union all select token_hash from refresh_tokens where user_id = ${seller.user.id}
      union all select code_hash from one_time_codes where user_id = ${seller.user.id}`);
    // Four digits could be part of an id or a time by chance: a PIN would be a value of its own.
    expect(text).not.toContain(`"${PIN}"`);
    const secrets = [
      seller.password,
      bvn,
      nin,
      secret,
      seller.token,
      seller.refreshToken,
      stored?.password_hash,
      stored?.pin_hash,
      stored?.bvn_hash,
      stored?.nin_hash,
      totp?.sealed_secret,
      ...recoveryCodes,
      ...hashes.rows.map((row) => row.hash),
    ];
    expect(secrets.every((value) => typeof value === 'string' && value.length >= 4)).toBe(true);
    expect(hashes.rows.length).toBeGreaterThanOrEqual(11);
    for (const value of secrets) expect(text).not.toContain(value);
  });
});
