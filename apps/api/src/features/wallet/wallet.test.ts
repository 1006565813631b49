import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatementEntry } from '@karta/shared/schemas/wallet';
import { post, signedInUser, type Session, bodyOf, type Paged } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import { approve, submitTrade, tradableSubcategory, walletOf } from '../../../test/trades';

let t: TestApp;
let operator: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterEach(() => expectLedgerConsistent(t.db));
afterAll(() => t.close());

const statementOf = (session: Session, query = '', userId = session.user.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/transaction/statement/${userId}${query}`,
    headers: { authorization: session.token },
  });

describe('wallet and statement', () => {
  it('starts empty', async () => {
    const user = await signedInUser(t.app);
    expect(await walletOf(t.app, user)).toEqual({
      balance: 0,
      pending_withdrawals: 0,
      currency: 'NGN',
    });
    const statement = bodyOf<Paged<StatementEntry>>(await statementOf(user)).data;
    expect(statement).toEqual({ data: [], meta: { page: 1, size: 10, total: 0, totalPages: 0 } });
  });

  it('lists credits newest first with the running balance', async () => {
    const user = await signedInUser(t.app);
    const first = await submitTrade(t.app, user, subcategoryId, 10);
    const second = await submitTrade(t.app, user, subcategoryId, 20);
    await approve(t.app, operator, first.id);
    t.clock.advance(60);
    await approve(t.app, operator, second.id);

    const response = await statementOf(user);
    expect(response.statusCode).toBe(200);
    const entries = response.json<{ data: { data: StatementEntry[] } }>().data.data;
    expect(entries).toMatchObject([
      { kind: 'trade_credit', amount: 23_600, balance_after: 35_400, reference: second.reference },
      { kind: 'trade_credit', amount: 11_800, balance_after: 11_800, reference: first.reference },
    ]);
    expect((await walletOf(t.app, user)).balance).toBe(35_400);
    const paged = bodyOf<Paged<StatementEntry>>(await statementOf(user, '?page=2&size=1')).data;
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toEqual({ page: 2, size: 1, total: 2, totalPages: 2 });
  });

  it('shows a wallet only to its owner', async () => {
    const [owner, stranger] = [await signedInUser(t.app), await signedInUser(t.app)];
    for (const url of [
      `/api/v1/transaction/wallet/${owner.user.id}`,
      `/api/v1/transaction/statement/${owner.user.id}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: stranger.token },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses to delete an account while its wallet holds money', async () => {
    const user = await signedInUser(t.app);
    await approve(t.app, operator, (await submitTrade(t.app, user, subcategoryId, 10)).id);
    const response = await post(
      t.app,
      `/user/delete_account/${user.user.id}`,
      { password: user.password },
      { authorization: user.token },
    );
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).message).toBe(
      'Your wallet still holds money. Withdraw it before you delete your account.',
    );
    expect((await walletOf(t.app, user)).balance).toBe(11_800);
  });
});
