import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES as M } from '@karta/shared/messages';
import type { DashboardStart } from '@karta/shared/schemas/dashboard-start';
import { login, refreshCookieOf, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { submitTrade, tradableSubcategory } from '../../../test/trades';
import { fundedUser } from '../../../test/withdrawals';
import { REFRESH_REUSE_GRACE_SECONDS } from '../sessions/sessions.service';

let t: TestApp;
let seller: Session;
let stranger: Session;
beforeAll(async () => {
  t = await createTestApp({ env: { REFRESH_IDLE_DAYS: '7', REFRESH_ABSOLUTE_DAYS: '30' } });
  const operator = await signedInOperator(t.app, t.db);
  // A balance from an approved trade, and a second trade still pending.
  seller = await fundedUser(t.app, t.db, operator, 2_500, { tier: 0 });
  const { subcategory } = await tradableSubcategory(t.db);
  await submitTrade(t.app, seller, subcategory.id, 25);
  stranger = await fundedUser(t.app, t.db, operator, 7_000, { tier: 0 });
});
afterAll(() => t.close());

const DAY = 86_400;

interface RefreshAnswer {
  status: string;
  token?: string;
  data?: { id: string };
  dashboard?: DashboardStart;
}

const refresh = (userId: string, cookie: string, query = '?include=dashboard') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/user/refresh_token/${userId}${query}`,
    cookies: { karta_refresh: cookie },
  });

/** What the dashboard's own requests answer the seller, with the token the refresh gave. */
async function dashboardRequests(userId: string, token: string) {
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: unknown }>().data;
  };
  return {
    wallet: await get(`/api/v1/transaction/wallet/${userId}`),
    trades: await get(`/api/v1/trade/fetch_trade/${userId}?page=1&size=10`),
  };
}

/** A session of its own for each test: a refresh token works once. */
const freshSessionOf = async (session: Session): Promise<Session> => {
  const response = await login(t.app, session.email, session.password);
  expect(response.statusCode, response.body).toBe(200);
  const refreshToken = refreshCookieOf(response);
  if (!refreshToken) throw new Error('login set no refresh cookie');
  return { ...session, token: response.json<{ token: string }>().token, refreshToken };
};

describe('POST /user/refresh_token/{user_id}?include=dashboard (decision 077)', () => {
  it('carries the wallet and the first page of trades exactly as the dashboard’s own requests answer them', async () => {
    const session = await freshSessionOf(seller);
    const response = await refresh(session.user.id, session.refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<RefreshAnswer>();
    expect(body.data?.id).toBe(seller.user.id);
    expect(body.dashboard?.wallet.balance).toBe(2_500);
    expect(body.dashboard?.trades.meta).toMatchObject({ page: 1, size: 10, total: 2 });
    expect(body.dashboard).toEqual(await dashboardRequests(seller.user.id, body.token ?? ''));
    // The session is refreshed as without the include: the rotated cookie works.
    const rotated = refreshCookieOf(response);
    expect(rotated).toBeDefined();
    expect((await refresh(seller.user.id, rotated ?? '', '')).statusCode).toBe(200);
  });

  it('without the include, answers the session alone', async () => {
    const session = await freshSessionOf(seller);
    const response = await refresh(session.user.id, session.refreshToken, '');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<RefreshAnswer>();
    expect(body.token).toBeDefined();
    expect(body).not.toHaveProperty('dashboard');
  });

  it('carries only the cookie holder’s own data, never another user’s', async () => {
    const mine = await freshSessionOf(seller);
    const own = (await refresh(seller.user.id, mine.refreshToken)).json<RefreshAnswer>();
    const theirs = await dashboardRequests(stranger.user.id, stranger.token);
    const theirTradeIds = (theirs.trades as DashboardStart['trades']).data.map((trade) => trade.id);
    expect(own.dashboard?.trades.data.map((trade) => trade.id)).not.toEqual(
      expect.arrayContaining(theirTradeIds),
    );
    expect(own.dashboard?.wallet.balance).toBe(2_500);

    // The seller's cookie at the stranger's address: refused, with nothing of anyone.
    const session = await freshSessionOf(seller);
    const crossed = await refresh(stranger.user.id, session.refreshToken);
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json()).not.toHaveProperty('dashboard');
    expect(crossed.json()).not.toHaveProperty('token');
  });

  it('refuses a revoked or an expired refresh token, and carries no data', async () => {
    const session = await freshSessionOf(seller);
    const first = await refresh(session.user.id, session.refreshToken, '');
    expect(first.statusCode).toBe(200);
    // The replaced token shown again after the grace window: the family is revoked.
    t.clock.advance(REFRESH_REUSE_GRACE_SECONDS);
    const replay = await refresh(session.user.id, session.refreshToken);
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toMatchObject({ status: 'error', message: M.SESSION_EXPIRED });
    expect(replay.json()).not.toHaveProperty('dashboard');
    const revoked = await refresh(session.user.id, refreshCookieOf(first) ?? '');
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).not.toHaveProperty('dashboard');

    const idle = await freshSessionOf(seller);
    t.clock.advance(7 * DAY + 1);
    const expired = await refresh(idle.user.id, idle.refreshToken);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).not.toHaveProperty('dashboard');
  });

  it('ignores an unknown include: the session alone, as a stranger learns nothing of the input', async () => {
    const session = await freshSessionOf(seller);
    const response = await refresh(session.user.id, session.refreshToken, '?include=withdrawals');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).not.toHaveProperty('dashboard');
    // Without a cookie, whatever the include: the refusal of any refresh, never a 400.
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/refresh_token/${seller.user.id}?include=${'x'.repeat(5000)}`,
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ message: M.SESSION_EXPIRED });
  });
});
