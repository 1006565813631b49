// A seller's whole journey through the generated client (@karta/client), as a mobile app would
// make it: every request and answer typed by the OpenAPI document, over real HTTP, no casts.
import { randomUUID } from 'node:crypto';
import { multipart } from '@karta/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, PASSWORD } from '../accounts';
import { cardShot } from '../card-shots';
import { signedInOperator } from '../catalog';
import { parseCsv } from '../csv';
import { tradableSubcategory } from '../trades';
import { GTBANK, PIN, sandboxAccountNumber } from '../withdrawals';
import { lagosMonth, listeningTestApp, ok, payOut, type ListeningApp } from './journey';

let api: ListeningApp;
beforeAll(async () => {
  api = await listeningTestApp();
});
afterAll(() => api.t.close());

/** A photo as a phone hands it over: bytes with a name and a type. */
const photo = (bytes: Buffer, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

describe('a seller, through the generated client', () => {
  it('registers, sells a card with photos, is paid, withdraws, reads the statement, refreshes and signs out', async () => {
    const seller = api.client();
    const email = `ngozi.${randomUUID().slice(0, 8)}@example.com`;

    // Register: the account waits for its mailed code.
    const registered = await seller.POST('/api/v1/auth/register', {
      body: {
        first_name: 'Ngozi',
        last_name: 'Adeyemi',
        email,
        mobile_number: `+23480${String(Date.now()).slice(-8)}`,
        gender: 'Female',
        date_of_birth: '1996-07-21',
        password: PASSWORD,
        verify_password: PASSWORD,
      },
    });
    expect(registered.response.status).toBe(201);
    const user = ok(registered).data;
    expect(user).toMatchObject({ email, role: 'user', has_pin: false, kyc_verified: false });

    // Confirm with the 6-digit code from the outbox; a wrong one first is a typed 401.
    const code = await latestCode(api.t.app, email);
    const wrongCode = `${String((Number(code.charAt(0)) + 1) % 10)}${code.slice(1)}`;
    const refused = await seller.POST('/api/v1/auth/account_otp_verification', {
      body: { otp: wrongCode, email, password: PASSWORD },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.status).toBe('error');
    expect(refused.error?.errors.length).toBeGreaterThan(0);
    ok(
      await seller.POST('/api/v1/auth/account_otp_verification', {
        body: { otp: code, email, password: PASSWORD },
      }),
    );

    // Sign in: the token goes in Authorization from now on, the refresh cookie into the jar.
    const signedIn = ok(
      await seller.POST('/api/v1/auth/login', {
        body: { email, password: PASSWORD, device: 'ios' },
      }),
    );
    // An account with two-step sign-in gets a challenge instead (no token): not this one.
    if (!('token' in signedIn)) throw new Error('a challenge for an account without two-step');
    seller.setAccessToken(signedIn.token);
    expect(seller.cookies?.header()).toMatch(/^karta_refresh=[^;]+$/);
    const me = ok(await seller.GET('/api/v1/auth/current_user')).data;
    expect(me.id).toBe(user.id);
    const own = { path: { user_id: user.id } };

    // The catalog: the card, its subcategory at ₦1,180 per USD, and the rate's history.
    const { card, subcategory } = await tradableSubcategory(api.t.db);
    const cards = ok(
      await seller.GET('/api/v1/card/admin_get_gift_card', {
        params: { query: { card_name: card.name } },
      }),
    ).data;
    expect(cards.data.map((each) => each.id)).toContain(card.id);
    const subcategories = ok(
      await seller.GET('/api/v1/card/get_gift_card_category/{catId}', {
        params: { path: { catId: card.id }, query: { device: 'ios' } },
      }),
    ).data;
    const listed = subcategories.data.find((each) => each.id === subcategory.id);
    expect(listed).toMatchObject({ rate: 1_180, currency: 'USD', min_amount: 10, max_amount: 500 });
    const history = ok(
      await seller.GET('/api/v1/card/rate_history/{subcategoryId}', {
        params: { path: { subcategoryId: subcategory.id }, query: { days: 7 } },
      }),
    ).data;
    expect(history.currency).toBe('USD');
    expect(history.points.at(-1)?.rate).toBe(1_180);

    // Sell $100 of it with two real photos, a JPEG and a PNG, as multipart typed by the document.
    const front = await cardShot({ brand: 'AMAZON', code: 'JRNY-FRNT-0001', hue: 30 });
    const back = await sharp(await cardShot({ brand: 'AMAZON', code: 'JRNY-BACK-0002', hue: 210 }))
      .resize(800)
      .png()
      .toBuffer();
    const created = await seller.POST('/api/v1/trade/add_trade', {
      body: {
        subcategory_id: subcategory.id,
        amount: 100,
        comment: 'Front and back, code clear.',
        device: 'ios',
        images: [photo(front, 'front.jpg', 'image/jpeg'), photo(back, 'back.png', 'image/png')],
      },
      bodySerializer: multipart,
    });
    expect(created.response.status).toBe(201);
    const trade = ok(created).data;
    expect(trade).toMatchObject({
      status: 'pending',
      amount: 100,
      rate: 1_180,
      expected_value: 118_000,
      device: 'ios',
    });
    expect(trade.images).toHaveLength(2);

    // History: the page of trades, and the one trade by id (the same operation, two shapes).
    const page = ok(await seller.GET('/api/v1/trade/fetch_trade/{user_id}', { params: own })).data;
    if (!('meta' in page)) throw new Error('a page of trades was expected');
    expect(page.meta.total).toBe(1);
    expect(page.data[0]?.id).toBe(trade.id);
    const one = ok(
      await seller.GET('/api/v1/trade/fetch_trade/{user_id}', {
        params: { ...own, query: { trade_id: trade.id } },
      }),
    ).data;
    if ('meta' in one) throw new Error('one trade was expected');
    expect(one.images).toHaveLength(2);

    // An operator approves it through the same client (decision 008's claim, then approval).
    const operatorSession = await signedInOperator(api.t.app, api.t.db);
    const operator = api.client(operatorSession.token);
    ok(
      await operator.POST('/api/v1/admin/trades/{id}/claim', {
        params: { path: { id: trade.id } },
      }),
    );
    const approved = ok(
      await operator.POST('/api/v1/admin/trades/{id}/approve', {
        params: { path: { id: trade.id } },
        body: {},
      }),
    ).data;
    expect(approved).toMatchObject({ status: 'approved', final_value: 118_000 });

    // The seller sees the naira, and the notice that says so.
    const wallet = ok(await seller.GET('/api/v1/transaction/wallet/{user_id}', { params: own }));
    expect(wallet.data).toEqual({ balance: 118_000, pending_withdrawals: 0, currency: 'NGN' });
    const notices = ok(await seller.GET('/api/v1/user/notices/{user_id}', { params: own })).data;
    expect(notices.unread_count).toBe(1);
    expect(notices.data[0]?.kind).toBe('trade_approved');

    // A bank account (its name resolved by the sandbox), the BVN, the PIN.
    const banks = ok(await seller.GET('/api/v1/finance/get_banks')).data;
    const gtbank = banks.find((bank) => bank.code === GTBANK);
    if (!gtbank) throw new Error('GTBank is not in the bank list');
    const accountNumber = sandboxAccountNumber();
    const added = await seller.POST('/api/v1/user/add_beneficiary_account/{user_id}', {
      params: own,
      body: { bank_id: gtbank.id, account_bank: GTBANK, account_number: accountNumber },
    });
    expect(added.response.status).toBe(201);
    const beneficiary = ok(added).data;
    expect(beneficiary.bank_name).toBe(gtbank.name);
    expect(beneficiary.account_name).not.toBe('');
    const bvn = `2${String(Date.now()).slice(-10)}`;
    const kyc = ok(
      await seller.POST('/api/v1/user/verify_kyc/{user_id}', { params: own, body: { bvn } }),
    ).data;
    expect(kyc).toEqual({ kyc_verified: true, bvn_last4: bvn.slice(-4) });
    const withPin = ok(
      await seller.POST('/api/v1/user/update_pin/{user_id}', {
        params: own,
        body: { password: PASSWORD, pin: PIN, verify_pin: PIN },
      }),
    ).data;
    expect(withPin.has_pin).toBe(true);

    // Withdraw ₦50,000 with an Idempotency-Key: the same key and body answer the same
    // withdrawal; the same key with another body is a 409 naming the key.
    const key = randomUUID();
    const request = {
      params: { path: { user_id: user.id }, header: { 'idempotency-key': key } },
      body: { amount: 50_000, pin: PIN, beneficiary_account_id: beneficiary.id },
    };
    const asked = await seller.POST('/api/v1/transaction/withdrawal_request/{user_id}', request);
    expect(asked.response.status).toBe(201);
    const withdrawal = ok(asked).data;
    expect(withdrawal).toMatchObject({ status: 'pending', amount: 50_000, fee: 50, total: 50_050 });
    const again = ok(
      await seller.POST('/api/v1/transaction/withdrawal_request/{user_id}', request),
    ).data;
    expect(again.id).toBe(withdrawal.id);
    const reused = await seller.POST('/api/v1/transaction/withdrawal_request/{user_id}', {
      ...request,
      body: { ...request.body, amount: 40_000 },
    });
    expect(reused.response.status).toBe(409);
    expect(reused.error?.errors[0]?.field).toBe('idempotency_key');
    expect(
      ok(await seller.GET('/api/v1/transaction/wallet/{user_id}', { params: own })).data,
    ).toMatchObject({ balance: 67_950, pending_withdrawals: 50_050 });

    // The payout runs and settles; the seller's withdrawal reads successful, nothing held.
    await payOut(api.t, withdrawal.id);
    const paid = ok(
      await seller.GET('/api/v1/transaction/fetch_withdrawal_request/{user_id}', {
        params: { ...own, query: { transaction_id: withdrawal.transaction_id } },
      }),
    ).data;
    if ('meta' in paid) throw new Error('one withdrawal was expected');
    expect(paid.status).toBe('successful');
    expect(
      ok(await seller.GET('/api/v1/transaction/wallet/{user_id}', { params: own })).data,
    ).toMatchObject({ balance: 67_950, pending_withdrawals: 0 });

    // The statement: the credit and the withdrawal's lines, newest first, ending at the balance;
    // then the month as CSV text, whose closing balance is the wallet's.
    const statement = ok(
      await seller.GET('/api/v1/transaction/statement/{user_id}', { params: own }),
    ).data;
    expect(statement.data[0]?.balance_after).toBe(67_950);
    expect(statement.data.map((entry) => entry.kind)).toContain('trade_credit');
    const credit = statement.data.find((entry) => entry.kind === 'trade_credit');
    expect(credit?.amount).toBe(118_000);
    const month = lagosMonth(credit?.created_at ?? '');
    const csv = ok(
      await seller.GET('/api/v1/transaction/statement/{user_id}/download', {
        params: { ...own, query: { month, format: 'csv' } },
        parseAs: 'text',
      }),
    );
    const rows = parseCsv(csv);
    expect(rows[0]?.at(-1)).toBe('balance_naira');
    expect(rows.find((row) => row[2] === trade.reference)?.slice(3)).toEqual([
      '118000.00',
      '',
      '118000.00',
    ]);
    expect(rows.find((row) => row[2] === withdrawal.transaction_id)?.slice(3)).toEqual([
      '',
      '50050.00',
      '67950.00',
    ]);
    expect(rows.at(-1)?.slice(1)).toEqual(['Closing balance', '', '', '', '67950.00']);

    // Refresh: the cookie alone buys a new token (rotated cookie in the jar), which works.
    const cookieBefore = seller.cookies?.header();
    seller.setAccessToken(null);
    const refreshed = ok(
      await seller.POST('/api/v1/user/refresh_token/{user_id}', { params: own }),
    );
    expect(refreshed.data.id).toBe(user.id);
    expect(seller.cookies?.header()).not.toBe(cookieBefore);
    seller.setAccessToken(refreshed.token);
    expect(ok(await seller.GET('/api/v1/auth/current_user')).data.email).toBe(email);

    // Sign out: the jar is emptied and the token stops working (a typed 403).
    ok(await seller.POST('/api/v1/auth/signout'));
    expect(seller.cookies?.header()).toBeUndefined();
    const after = await seller.GET('/api/v1/auth/current_user');
    expect(after.response.status).toBe(403);
    expect(after.error?.status).toBe('error');
  });
});
