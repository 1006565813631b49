import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerProfile, SellerSearchResult } from '@karta/shared/schemas/sellers-desk';
import {
  bodyOf,
  currentUser,
  login,
  mailsTo,
  post,
  signedInUser,
  type Session,
} from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { checkWithdrawalPin } from '../accounts/pin.service';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { findUserById } from '../../lib/users';
import { reject, submitTrade, tradableSubcategory } from '../../../test/trades';
import {
  bankId,
  fundedUser,
  GTBANK,
  PIN,
  sandboxAccountNumber,
  withdraw,
} from '../../../test/withdrawals';

let t: TestApp;
let operator: Session;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db, 'operator');
  admin = await signedInOperator(t.app, t.db, 'admin');
});
afterAll(() => t.close());

const REASON = 'Card fraud reported by the issuer';

/** Behind the API's back, as an account in that state would be. */
const setStatus = (userId: string, status: string) =>
  t.db.execute(sql`update users set status = ${status}::account_status where id = ${userId}`);

const act = (caller: Session, userId: string, action: string, reason: unknown = REASON) =>
  post(t.app, `/admin/users/${userId}/${action}`, { reason }, { authorization: caller.token });

const profileOf = (caller: Session, userId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/users/${userId}`,
    headers: { authorization: caller.token },
  });

const search = (caller: Session, q: string, page = 1) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/users?q=${encodeURIComponent(q)}&page=${String(page)}`,
    headers: { authorization: caller.token },
  });

const refresh = (session: Session) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/user/refresh_token/${session.user.id}`,
    cookies: { karta_refresh: session.refreshToken },
    headers: { 'sec-fetch-site': 'same-origin' },
  });

describe('seller search', () => {
  it('finds by e-mail, phone, name and referral code prefix, any case', async () => {
    const seller = await signedInUser(t.app, { first_name: 'Ngozika', last_name: 'Okonkwo' });
    const { email, mobile_number: phone, referral_code: code } = seller.user;
    const local = `0${(phone ?? '').slice(4)}`;
    for (const q of [
      email.slice(0, 12).toUpperCase(),
      local.slice(0, 9),
      (phone ?? '').slice(0, 10),
      'ngozika okon',
      'OKONKWO',
      code.slice(0, 4).toLowerCase(),
    ]) {
      const response = await search(operator, q);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      const ids = bodyOf<SellerSearchResult>(response).data.data.map((row) => row.id);
      expect(ids, q).toContain(seller.user.id);
    }
    const none = bodyOf<SellerSearchResult>(await search(operator, 'zz%_nobody'));
    expect(none.data).toEqual({
      data: [],
      meta: { page: 1, size: 20, total: 0, totalPages: 0 },
      is_capped: false,
    });
  });

  it('pages twenty at a time, newest first', async () => {
    for (let i = 0; i < 21; i += 1) await signedInUser(t.app, { last_name: 'Pagetester' });
    const first = bodyOf<SellerSearchResult>(await search(operator, 'pagetester')).data;
    expect(first.meta).toEqual({ page: 1, size: 20, total: 21, totalPages: 2 });
    expect(first.data).toHaveLength(20);
    const created = first.data.map((row) => row.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const second = bodyOf<SellerSearchResult>(await search(operator, 'pagetester', 2)).data;
    expect(second.data).toHaveLength(1);
    expect(first.data.map((row) => row.id)).not.toContain(second.data[0]?.id);
  });

  it('asks for at least two characters, and refuses a seller', async () => {
    const short = await search(operator, 'a');
    expect(short.statusCode).toBe(400);
    expect(bodyOf(short).message).toBe('Type at least 2 characters to search');
    const seller = await signedInUser(t.app);
    expect((await search(seller, 'ch')).statusCode).toBe(403);
    expect((await profileOf(seller, seller.user.id)).statusCode).toBe(403);
    expect((await act(seller, seller.user.id, 'unlock_pin')).statusCode).toBe(403);
  });
});

describe('the seller page', () => {
  it('shows the profile, money, records, sessions and the 30-day rejection flag', async () => {
    const seller = await fundedUser(t.app, t.db, admin, 2_500);
    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, seller, subcategory.id, 10);
    const rejected = await reject(t.app, operator, trade.id, { reason: 'invalid_code' });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const response = await profileOf(operator, seller.user.id);
    expect(response.statusCode, response.body).toBe(200);
    const profile = bodyOf<SellerProfile>(response).data;
    expect(profile).toMatchObject({
      id: seller.user.id,
      email: seller.email,
      status: 'active',
      kyc_verified: true,
      kyc_tier: 2,
      has_pin: true,
      pin_locked_until: null,
      wallet: { balance: 2_500, pending_withdrawals: 0 },
      flags: { rejected_trades_30_days: 1, duplicate_cards: 0 },
    });
    expect(profile.trades.meta.total).toBe(2);
    expect(profile.statement.data[0]).toMatchObject({ kind: 'trade_credit', amount: 2_500 });
    expect(profile.sessions.length).toBeGreaterThanOrEqual(1);
    expect(profile.sessions[0]).toMatchObject({ device: 'web' });
    expect(profile.referrals.meta.total).toBe(0);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await profileOf(operator, crypto.randomUUID());
    expect(response.statusCode).toBe(404);
    expect((await profileOf(operator, 'not-an-id')).statusCode).toBe(404);
  });
});

describe('suspension', () => {
  it('ends every session at once, refuses sign-in, trades and withdrawals, and is audited', async () => {
    const seller = await fundedUser(t.app, t.db, admin, 5_000);
    const response = await act(operator, seller.user.id, 'suspend');
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf<SellerProfile>(response).data).toMatchObject({
      status: 'suspended',
      sessions: [],
    });

    // The access token and the refresh cookie both stop working right away.
    expect((await currentUser(t.app, seller.token)).statusCode).toBe(403);
    const refused = await refresh(seller);
    expect(refused.statusCode).toBe(403);
    // The seller's own cookie says why, so the web app can say it on /login.
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: 'This account is suspended. Please contact support at support@karta.example.',
    });
    // One mail, at the suspension: what happened and whom to write to (not the staff's reason).
    const mails = (await mailsTo(t.app, seller.email)).filter((mail) =>
      mail.subject.includes('suspended'),
    );
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Karta account is suspended']);
    expect(mails[0]?.text).toContain('support@karta.example');
    expect(mails[0]?.text).not.toContain(REASON);

    const signIn = await login(t.app, seller.email, seller.password);
    expect(signIn.statusCode).toBe(400);
    expect(bodyOf(signIn).message).toBe(
      'This account is suspended. Please contact support at support@karta.example.',
    );
    // Reactivation is for self-deactivation only.
    const reactivate = await post(t.app, '/user/reactivate_account', {
      email: seller.email,
      password: seller.password,
    });
    expect(reactivate.statusCode).toBe(400);
    expect(bodyOf(reactivate).message).toMatch(/suspended/);

    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await t.app.inject({
      method: 'POST',
      url: '/api/v1/trade/add_trade',
      headers: { authorization: seller.token },
      payload: { subcategory_id: subcategory.id, amount: '10' },
    });
    expect(trade.statusCode).toBe(403);
    const withdrawal = await withdraw(t.app, seller, { amount: 1_000, pin: PIN });
    expect(withdrawal.statusCode).toBe(403);

    const profile = bodyOf<SellerProfile>(await profileOf(operator, seller.user.id)).data;
    expect(profile.actions[0]).toMatchObject({
      action: 'user.suspended',
      reason: REASON,
      actor_name: `${operator.user.first_name} ${operator.user.last_name}`,
    });
    const audit = await t.db.execute<{ actor_user_id: string; ip: string }>(
      sql`select actor_user_id, ip from audit_log where target_id = ${seller.user.id} and action = 'user.suspended'`,
    );
    expect(audit.rows).toEqual([{ actor_user_id: operator.user.id, ip: '127.0.0.1' }]);
  });

  it('refuses a withdrawal that slips past the session check (the PIN check sees the status)', async () => {
    const seller = await fundedUser(t.app, t.db, admin, 5_000);
    // The row the request was signed in with, read before the suspension landed.
    const signedInRow = await findUserById(t.db, seller.user.id);
    if (!signedInRow) throw new Error('no seller row');
    await setStatus(seller.user.id, 'suspended');
    // The token still carries the current version, so only the status stands in the way.
    const withdrawal = await withdraw(t.app, seller, { amount: 1_000, pin: PIN });
    expect(withdrawal.statusCode).toBe(403);
    await expect(
      checkWithdrawalPin(t.app.ctx, { user: signedInRow, pin: PIN, ip: '127.0.0.1' }),
    ).rejects.toThrow('This account cannot withdraw. Please contact support.');
  });

  it('unsuspend restores sign-in, with its own audit entry', async () => {
    const seller = await signedInUser(t.app);
    expect((await act(operator, seller.user.id, 'suspend')).statusCode).toBe(200);
    const again = await act(operator, seller.user.id, 'suspend');
    expect(again.statusCode).toBe(409);

    const lifted = await act(operator, seller.user.id, 'unsuspend', 'Issuer cleared the card');
    expect(lifted.statusCode, lifted.body).toBe(200);
    const profile = bodyOf<SellerProfile>(lifted).data;
    expect(profile.status).toBe('active');
    expect(profile.actions.map((each) => [each.action, each.reason])).toEqual([
      ['user.unsuspended', 'Issuer cleared the card'],
      ['user.suspended', REASON],
    ]);
    expect((await login(t.app, seller.email, seller.password)).statusCode).toBe(200);
    expect((await act(operator, seller.user.id, 'unsuspend')).statusCode).toBe(409);
  });

  it('needs a reason', async () => {
    const seller = await signedInUser(t.app);
    // `null` stands for a missing reason too: the schema refuses both with the same words.
    for (const reason of [null, '', '   ', 'no']) {
      const response = await act(operator, seller.user.id, 'suspend', reason);
      expect(response.statusCode, String(reason)).toBe(400);
    }
    const missing = await post(
      t.app,
      `/admin/users/${seller.user.id}/suspend`,
      {},
      {
        authorization: operator.token,
      },
    );
    expect(bodyOf(missing).errors[0]).toEqual({ field: 'reason', message: 'Give a reason' });
    const long = await act(operator, seller.user.id, 'suspend', 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect((await currentUser(t.app, seller.token)).statusCode).toBe(200);
  });

  it('lets an operator act on sellers only, an admin on staff too, and nobody on themselves', async () => {
    const otherOperator = await signedInOperator(t.app, t.db, 'operator');
    const otherAdmin = await signedInOperator(t.app, t.db, 'admin');

    const onAdmin = await act(operator, otherAdmin.user.id, 'suspend');
    expect(onAdmin.statusCode).toBe(400);
    expect(bodyOf(onAdmin).message).toBe('Only an admin can do this on a staff account.');
    expect((await act(operator, otherOperator.user.id, 'suspend')).statusCode).toBe(400);
    const onSelf = await act(operator, operator.user.id, 'suspend');
    expect(onSelf.statusCode).toBe(400);
    expect(bodyOf(onSelf).message).toMatch(/your own account/);
    expect((await act(admin, admin.user.id, 'suspend')).statusCode).toBe(400);
    expect((await currentUser(t.app, operator.token)).statusCode).toBe(200);
    expect((await currentUser(t.app, otherAdmin.token)).statusCode).toBe(200);

    expect((await act(admin, otherOperator.user.id, 'suspend')).statusCode).toBe(200);
    expect((await currentUser(t.app, otherOperator.token)).statusCode).toBe(403);
    expect((await act(admin, otherOperator.user.id, 'unsuspend')).statusCode).toBe(200);
    expect((await act(operator, crypto.randomUUID(), 'suspend')).statusCode).toBe(404);
  });

  it('refuses accounts that are not active or deactivated', async () => {
    const seller = await signedInUser(t.app);
    await setStatus(seller.user.id, 'pending_verification');
    const response = await act(operator, seller.user.id, 'suspend');
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).message).toBe('A not yet confirmed account cannot be suspended.');
  });
});

describe('PIN unlock', () => {
  it('lifts the five-wrong-PINs lock with a reason, audited', async () => {
    const seller = await fundedUser(t.app, t.db, admin, 5_000);
    const bank = await bankId(t.app, operator);
    const body = (pin: string) => ({
      amount: 1_000,
      pin,
      bank_id: bank,
      account_bank: GTBANK,
      account_number: sandboxAccountNumber(),
    });
    for (let i = 0; i < 5; i += 1) {
      await withdraw(t.app, seller, body('0000'));
    }
    expect((await withdraw(t.app, seller, body(PIN))).statusCode).toBe(429);
    const locked = bodyOf<SellerProfile>(await profileOf(operator, seller.user.id)).data;
    expect(locked.pin_locked_until).not.toBeNull();
    expect(locked.actions[0]?.action).toBe('pin.locked');

    const response = await act(operator, seller.user.id, 'unlock_pin', 'Seller called, ID checked');
    expect(response.statusCode, response.body).toBe(200);
    const profile = bodyOf<SellerProfile>(response).data;
    expect(profile.pin_locked_until).toBeNull();
    expect(profile.actions[0]).toMatchObject({
      action: 'pin.unlocked',
      reason: 'Seller called, ID checked',
    });
    // A wrong PIN now counts from zero again, and the right one goes through.
    const wrong = await withdraw(t.app, seller, body('0000'));
    expect(bodyOf(wrong).message).toMatch(/4 tries left/);
    expect((await withdraw(t.app, seller, body(PIN))).statusCode).toBe(201);

    expect((await act(operator, seller.user.id, 'unlock_pin')).statusCode).toBe(409);
  });
});

describe('POST /admin/users/{id}/lower_kyc_tier (decision 063)', () => {
  const lower = (caller: Session, userId: string, body: Record<string, unknown>) =>
    post(t.app, `/admin/users/${userId}/lower_kyc_tier`, body, { authorization: caller.token });

  it('an admin lowers a tier with a reason: audited, told without the reason, and the limit holds at once', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 10_000);
    expect(bodyOf<SellerProfile>(await profileOf(admin, seller.user.id)).data.kyc_tier).toBe(2);

    const lowered = await lower(admin, seller.user.id, { tier: 1, reason: REASON });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(bodyOf<SellerProfile>(lowered).data.kyc_tier).toBe(1);

    const [audit] = (
      await t.db.execute<{ before: unknown; after: unknown; actor_user_id: string }>(sql`
        select before, after, actor_user_id from audit_log
         where target_id = ${seller.user.id} and action = 'user.kyc_tier'
         order by created_at desc limit 1`)
    ).rows;
    expect(audit).toMatchObject({
      before: { tier: 2 },
      after: { tier: 1, reason: 'lowered_by_admin', note: REASON },
      actor_user_id: admin.user.id,
    });
    const notices = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/notices/${seller.user.id}`,
      headers: { authorization: seller.token },
    });
    const notice = bodyOf<{ data: { kind: string; body: string }[] }>(notices).data.data.find(
      (each) => each.kind === 'kyc_tier_lowered',
    );
    expect(notice?.body).toContain('tier 1');
    expect(notice?.body).not.toContain(REASON);
    const mails = await mailsTo(t.app, seller.email);
    expect(mails.some((mail) => mail.subject.includes('Your verification tier was lowered'))).toBe(
      true,
    );

    // Tier 1's ₦200,000 at a time holds now (checked before the balance).
    const refused = await withdraw(t.app, seller, {
      amount: 250_000,
      pin: PIN,
      bank_id: await bankId(t.app, seller),
      account_bank: GTBANK,
      account_number: sandboxAccountNumber(),
    });
    expect(refused.statusCode).toBe(400);
    expect(bodyOf(refused).code).toBe('LIMIT_EXCEEDED');
  });

  it('is for admins, and only downwards: an operator is 403, the same or a higher tier 400', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 0, { tier: 1 });
    const byOperator = await lower(operator, seller.user.id, { tier: 0, reason: REASON });
    expect(byOperator.statusCode).toBe(403);
    const same = await lower(admin, seller.user.id, { tier: 1, reason: REASON });
    expect(same.statusCode).toBe(400);
    expect(bodyOf(same).errors[0]).toMatchObject({ field: 'tier' });
    const noReason = await lower(admin, seller.user.id, { tier: 0 });
    expect(noReason.statusCode).toBe(400);
    expect(bodyOf<SellerProfile>(await profileOf(admin, seller.user.id)).data.kyc_tier).toBe(1);
  });
});
