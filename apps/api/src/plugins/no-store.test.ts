import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, login, signedInUser } from '../../test/accounts';
import { insertCard } from '../../test/catalog';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { submitTrade, tradableSubcategory } from '../../test/trades';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Cache-Control on API answers', () => {
  it('is no-store on login, refresh, current_user and fetch_trade', async () => {
    const session = await signedInUser(t.app);
    const signIn = await login(t.app, session.email, session.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');

    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/refresh_token/${session.user.id}`,
      cookies: { karta_refresh: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');

    const me = await currentUser(t.app, session.token);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');

    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, session, subcategory.id);
    const fetched = await t.app.inject({
      url: `/api/v1/trade/fetch_trade/${session.user.id}?trade_id=${trade.id}`,
      headers: { authorization: session.token },
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on errors too', async () => {
    const refused = await currentUser(t.app, 'not-a-token');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ url: '/api/v1/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('is no-store whatever the spelling of the path the router accepts', async () => {
    const session = await signedInUser(t.app);
    // The router decodes `%61` to `a` (and `%77` to `w`): these reach the wallet route itself.
    for (const url of [
      `/%61pi/v1/transaction/wallet/${session.user.id}`,
      `/api/v1/transaction/%77allet/${session.user.id}`,
    ]) {
      const wallet = await t.app.inject({ url, headers: { authorization: session.token } });
      expect(wallet.statusCode, url).toBe(200);
      expect(wallet.headers['cache-control'], url).toBe('no-store');
    }
    // No route: the API's 404, not the web app's page.
    const missing = await t.app.inject({ url: '/%61pi/v1/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('keeps what a route sets for itself (public card art)', async () => {
    const card = await insertCard(t.db);
    const art = await t.app.inject({ url: `/api/v1/card/art/${card.id}.svg` });
    expect(art.statusCode).toBe(200);
    expect(art.headers['cache-control']).toMatch(/^public, max-age=/);
  });
});
