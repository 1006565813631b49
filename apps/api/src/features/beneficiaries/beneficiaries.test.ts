import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { post, signedInUser, type Session } from '../../../test/accounts';
import { insertBeneficiary } from './beneficiaries.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Adding goes through the payout provider in a later issue; here rows are written directly. */
const save = (userId: string, accountNumber: string, bankName = 'GTBank') =>
  insertBeneficiary(t.db, {
    userId,
    bankCode: '058',
    bankName,
    accountNumber,
    accountName: 'Chidinma Eze',
  });

const list = (session: Session, userId = session.user.id, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/get_beneficiary_banks/${userId}${query}`,
    headers: { authorization: session.token },
  });

const remove = (session: Session, body: Record<string, unknown>) =>
  post(t.app, '/user/delete_beneficiary_account', body, { authorization: session.token });

describe('GET /user/get_beneficiary_banks/{user_id}', () => {
  it('answers an empty page for a new user', async () => {
    const session = await signedInUser(t.app);
    const response = await list(session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      data: { data: [], meta: { page: 1, size: 10, total: 0, totalPages: 0 } },
    });
  });

  it("lists only the user's own accounts, newest first, paged", async () => {
    const session = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    await save(session.user.id, '0123456789');
    t.clock.advance(1);
    await save(session.user.id, '0987654321', 'Access Bank');
    await save(other.user.id, '1111111111');
    const response = await list(session);
    const body = response.json<{ data: { data: Record<string, string>[]; meta: object } }>();
    expect(body.data.data).toHaveLength(2);
    expect(Object.keys(body.data.data[0] ?? {}).sort()).toEqual([
      'account_name',
      'account_number',
      'bank_name',
      'id',
      'needs_approval',
    ]);
    expect(body.data.meta).toEqual({ page: 1, size: 10, total: 2, totalPages: 1 });
    const paged = await list(session, session.user.id, '?page=2&size=1');
    expect(paged.json()).toMatchObject({ data: { meta: { page: 2, size: 1, totalPages: 2 } } });
  });

  it('refuses another user id (403) and bad paging (400)', async () => {
    const session = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    expect((await list(session, other.user.id)).statusCode).toBe(403);
    const tooBig = await list(session, session.user.id, '?size=51');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      errors: [{ field: 'size', message: 'size can be at most 50' }],
    });
  });
});

describe('POST /user/delete_beneficiary_account', () => {
  it('deletes the account and answers message "success"', async () => {
    const session = await signedInUser(t.app);
    const saved = await save(session.user.id, '2222222222');
    const response = await remove(session, {
      user_id: session.user.id,
      beneficiary_account_id: saved.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'success', data: null });
    expect(response.json<{ data: null }>().data).toBeNull();
    const after = await list(session);
    expect(after.json()).toMatchObject({ data: { data: [] } });
    const again = await remove(session, {
      user_id: session.user.id,
      beneficiary_account_id: saved.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another user's account and leaves it alone", async () => {
    const session = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const theirs = await save(other.user.id, '3333333333');
    const response = await remove(session, {
      user_id: session.user.id,
      beneficiary_account_id: theirs.id,
    });
    expect(response.statusCode).toBe(404);
    expect((await list(other)).json()).toMatchObject({ data: { meta: { total: 1 } } });
  });

  it('refuses a user_id that is not the caller (403), and ids that are not ids (404)', async () => {
    const session = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const mine = await save(session.user.id, '4444444444');
    const forged = await remove(session, {
      user_id: other.user.id,
      beneficiary_account_id: mine.id,
    });
    expect(forged.statusCode).toBe(403);
    const junk = await remove(session, { user_id: session.user.id, beneficiary_account_id: 'x' });
    expect(junk.statusCode).toBe(404);
    const missing = await remove(session, { user_id: session.user.id });
    expect(missing.statusCode).toBe(400);
  });
});
