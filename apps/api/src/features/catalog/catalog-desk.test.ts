import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, signedInUser, type Session } from '../../../test/accounts';
import { insertSubcategory, signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import { approve, reject, submitTrade, tradableSubcategory } from '../../../test/trades';

let t: TestApp;
let operator: Session;
let seller: Session;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
  seller = await signedInUser(t.app);
});
afterAll(() => t.close());

const ask = (url: string, session: Session = operator) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/catalog${url}`,
    headers: { authorization: session.token },
  });
const pendingOf = async (url: string) => {
  const response = await ask(url);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ pending_trades: number }>(response);
};
const deactivate = (url: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/catalog${url}`,
    headers: { authorization: operator.token },
    payload: { active: false },
  });

describe('GET /admin/catalog/cards/{id}', () => {
  it('answers one card, active or not, to operators only', async () => {
    const { card } = await tradableSubcategory(t.db);
    expect((await deactivate(`/cards/${card.id}`)).statusCode).toBe(200);
    const response = await ask(`/cards/${card.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).data).toMatchObject({ id: card.id, name: card.name, active: false });
    expect((await ask(`/cards/${card.id}`, await signedInUser(t.app))).statusCode).toBe(403);
    expect((await ask('/cards/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('GET /admin/catalog/{cards,subcategories}/{id}/pending_trades', () => {
  it('refuses sellers and callers without a token, and answers operators and admins', async () => {
    const { card, subcategory } = await tradableSubcategory(t.db);
    const user = await signedInUser(t.app);
    for (const url of [`/cards/${card.id}`, `/subcategories/${subcategory.id}`]) {
      expect((await ask(`${url}/pending_trades`, user)).statusCode).toBe(403);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/catalog${url}/pending_trades`,
      });
      expect(anonymous.statusCode).toBe(403);
    }
    const admin = await signedInOperator(t.app, t.db, 'admin');
    expect((await ask(`/cards/${card.id}/pending_trades`, admin)).statusCode).toBe(200);
  });

  it('counts undecided trades only, per card and per subcategory', async () => {
    const { card, subcategory: usa } = await tradableSubcategory(t.db);
    const uk = await insertSubcategory(t.db, card.id, { name: 'UK physical', currency: 'GBP' });
    expect((await pendingOf(`/cards/${card.id}/pending_trades`)).data.pending_trades).toBe(0);

    const [first, second] = [
      await submitTrade(t.app, seller, usa.id),
      await submitTrade(t.app, seller, usa.id),
    ];
    await submitTrade(t.app, seller, uk.id);
    await submitTrade(t.app, seller, uk.id);
    expect((await approve(t.app, operator, first.id)).statusCode).toBe(200);
    const rejected = await reject(t.app, operator, second.id, {
      reason: 'unclear_image',
      note: 'The photo is blurred.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    expect(await pendingOf(`/cards/${card.id}/pending_trades`)).toMatchObject({
      message: '2 trades are waiting for a decision',
      data: { pending_trades: 2 },
    });
    expect((await pendingOf(`/subcategories/${usa.id}/pending_trades`)).data).toEqual({
      pending_trades: 0,
    });
    expect((await pendingOf(`/subcategories/${uk.id}/pending_trades`)).data).toEqual({
      pending_trades: 2,
    });
    await expectLedgerConsistent(t.db);
  });

  it('lets a subcategory with pending trades be deactivated; its trades can still be decided', async () => {
    const { card, subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, seller, subcategory.id);
    expect(await pendingOf(`/subcategories/${subcategory.id}/pending_trades`)).toMatchObject({
      message: '1 trade is waiting for a decision',
      data: { pending_trades: 1 },
    });
    const off = await deactivate(`/subcategories/${subcategory.id}`);
    expect(off.statusCode, off.body).toBe(200);
    expect((await deactivate(`/cards/${card.id}`)).statusCode).toBe(200);
    // Still counted after the deactivation: it is the sellers' trade, not the catalog's.
    expect((await pendingOf(`/cards/${card.id}/pending_trades`)).data.pending_trades).toBe(1);

    const approved = await approve(t.app, operator, trade.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await pendingOf(`/cards/${card.id}/pending_trades`)).data.pending_trades).toBe(0);
    await expectLedgerConsistent(t.db);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      `/cards/${unknown}/pending_trades`,
      `/subcategories/${unknown}/pending_trades`,
      '/cards/nope/pending_trades',
      '/subcategories/nope/pending_trades',
    ]) {
      const response = await ask(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error', errors: [{ field: 'id' }] });
    }
  });
});
