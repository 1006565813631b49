// Operators' journey through the generated client (@karta/client): the review queue, a claim
// another operator is refused with the document's typed `code`, the approval that credits the
// seller, and the money desk following the seller's withdrawal until it is paid. No casts.
import { randomUUID } from 'node:crypto';
import { multipart } from '@karta/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedInUser } from '../accounts';
import { signedInOperator } from '../catalog';
import { cardPhoto, tradableSubcategory } from '../trades';
import { GTBANK, PIN, sandboxAccountNumber } from '../withdrawals';
import { listeningTestApp, ok, payOut, type ListeningApp } from './journey';

let api: ListeningApp;
beforeAll(async () => {
  api = await listeningTestApp();
});
afterAll(() => api.t.close());

describe('operators, through the generated client', () => {
  it('review, claim (a second operator is refused CLAIMED), approve, and follow the payout on the money desk', async () => {
    // A seller sells $100 of a ₦1,180-per-USD card with three photos.
    const sellerSession = await signedInUser(api.t.app);
    const seller = api.client(sellerSession.token);
    const own = { path: { user_id: sellerSession.user.id } };
    const { subcategory } = await tradableSubcategory(api.t.db);
    const photos = await Promise.all([cardPhoto(), cardPhoto(), cardPhoto()]);
    const trade = ok(
      await seller.POST('/api/v1/trade/add_trade', {
        body: {
          subcategory_id: subcategory.id,
          amount: 100,
          images: photos.map(
            (each) => new File([new Uint8Array(each.bytes)], each.name, { type: each.type }),
          ),
        },
        bodySerializer: multipart,
      }),
    ).data;

    const adaSession = await signedInOperator(api.t.app, api.t.db, 'operator', {
      first_name: 'Ada',
    });
    const ada = api.client(adaSession.token);
    const bayoSession = await signedInOperator(api.t.app, api.t.db);
    const bayo = api.client(bayoSession.token);
    const trade$ = { params: { path: { id: trade.id } } };

    // The queue: the trade is there for anyone to take, with its seller and its three photos.
    const queue = ok(
      await ada.GET('/api/v1/admin/trades', {
        params: { query: { status: 'pending', claimable: 'true', size: 50 } },
      }),
    ).data;
    const queued = queue.data.find((each) => each.id === trade.id);
    expect(queued).toMatchObject({ status: 'pending', claim: null, expected_value: 118_000 });
    expect(queued?.user.email).toBe(sellerSession.email);
    expect(queued?.images).toHaveLength(3);

    // Ada claims it; it leaves Bayo's claimable queue, and Bayo's claim is a typed 409.
    const claimed = ok(await ada.POST('/api/v1/admin/trades/{id}/claim', trade$)).data;
    expect(claimed.claim?.holder.id).toBe(adaSession.user.id);
    const bayoQueue = ok(
      await bayo.GET('/api/v1/admin/trades', {
        params: { query: { status: 'pending', claimable: 'true', size: 50 } },
      }),
    ).data;
    expect(bayoQueue.data.map((each) => each.id)).not.toContain(trade.id);
    const stolen = await bayo.POST('/api/v1/admin/trades/{id}/claim', trade$);
    expect(stolen.response.status).toBe(409);
    // `code` is the document's enum: comparing it with a word it does not hold would not compile.
    if (stolen.error?.code !== 'CLAIMED')
      throw new Error(`CLAIMED expected: ${stolen.error?.message}`);
    expect(stolen.error.message).toContain('Ada');
    const approvedByBayo = await bayo.POST('/api/v1/admin/trades/{id}/approve', {
      ...trade$,
      body: {},
    });
    expect(approvedByBayo.response.status).toBe(409);
    expect(approvedByBayo.error?.code).toBe('CLAIMED');

    // Ada approves at the expected value: the seller is credited ₦118,000, once.
    const approved = ok(
      await ada.POST('/api/v1/admin/trades/{id}/approve', {
        ...trade$,
        body: { note: 'Code checked with the issuer.' },
      }),
    ).data;
    expect(approved).toMatchObject({
      status: 'approved',
      final_value: 118_000,
      total_credited: 118_000,
      review_note: 'Code checked with the issuer.',
    });
    expect(approved.images).toHaveLength(3);
    const late = await bayo.POST('/api/v1/admin/trades/{id}/claim', trade$);
    expect(late.response.status).toBe(409);
    expect(late.error?.code).toBe('ALREADY_DECIDED');
    expect(
      ok(await seller.GET('/api/v1/transaction/wallet/{user_id}', { params: own })).data.balance,
    ).toBe(118_000);

    // The seller withdraws ₦20,000 to a new account (PIN and BVN first).
    ok(
      await seller.POST('/api/v1/user/update_pin/{user_id}', {
        params: own,
        body: { password: PASSWORD, pin: PIN, verify_pin: PIN },
      }),
    );
    ok(
      await seller.POST('/api/v1/user/verify_kyc/{user_id}', {
        params: own,
        body: { bvn: `2${String(Date.now()).slice(-10)}` },
      }),
    );
    const gtbank = ok(await seller.GET('/api/v1/finance/get_banks')).data.find(
      (bank) => bank.code === GTBANK,
    );
    if (!gtbank) throw new Error('GTBank is not in the bank list');
    const accountNumber = sandboxAccountNumber();
    const withdrawal = ok(
      await seller.POST('/api/v1/transaction/withdrawal_request/{user_id}', {
        params: { ...own, header: { 'idempotency-key': randomUUID() } },
        body: {
          amount: 20_000,
          pin: PIN,
          bank_id: gtbank.id,
          account_bank: GTBANK,
          account_number: accountNumber,
        },
      }),
    ).data;

    // The money desk: found by the seller's e-mail, then followed until the payout settles.
    const desk = ok(
      await ada.GET('/api/v1/admin/withdrawals', {
        params: { query: { q: sellerSession.email } },
      }),
    ).data;
    expect(desk.meta.total).toBe(1);
    expect(desk.data[0]).toMatchObject({
      id: withdrawal.id,
      status: 'pending',
      amount: 20_000,
      fee: 50,
      total: 20_050,
      account_number: accountNumber,
    });
    expect(desk.data[0]?.user.email).toBe(sellerSession.email);
    const withdrawal$ = { params: { path: { id: withdrawal.id } } };
    const pending = ok(await ada.GET('/api/v1/admin/withdrawals/{id}', withdrawal$)).data;
    expect(pending).toMatchObject({ status: 'pending', attempts: 0, is_stuck: false });
    expect(pending.movements).toHaveLength(1);

    await payOut(api.t, withdrawal.id);
    const paid = ok(await ada.GET('/api/v1/admin/withdrawals/{id}', withdrawal$)).data;
    expect(paid.status).toBe('successful');
    expect(paid.timeline.map((entry) => entry.status)).toEqual([
      'requested',
      'processing',
      'successful',
    ]);
    expect(
      ok(
        await ada.GET('/api/v1/admin/withdrawals', {
          params: { query: { q: sellerSession.email, status: 'successful' } },
        }),
      ).data.data.map((each) => each.id),
    ).toEqual([withdrawal.id]);

    // Refusals the document names: an unknown withdrawal is a 404, a seller at the desk a 403.
    const unknown = await ada.GET('/api/v1/admin/withdrawals/{id}', {
      params: { path: { id: randomUUID() } },
    });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.status).toBe('error');
    const sellerAtDesk = await seller.GET('/api/v1/admin/withdrawals');
    expect(sellerAtDesk.response.status).toBe(403);
  });
});
