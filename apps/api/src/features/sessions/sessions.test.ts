import { createSecretKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES as M } from '@karta/shared/messages';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { REFRESH_REUSE_GRACE_SECONDS } from './sessions.service';
import {
  login,
  refreshCookieOf,
  signedInUser,
  type Session,
  currentUser,
} from '../../../test/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { REFRESH_IDLE_DAYS: '7', REFRESH_ABSOLUTE_DAYS: '30' } });
});
afterAll(() => t.close());

const DAY = 86_400;

const refresh = (userId: string, token: string | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/user/refresh_token/${userId}`,
    ...(token ? { cookies: { karta_refresh: token } } : {}),
    headers,
  });

async function rotate(session: Session): Promise<{ token: string; refreshToken: string }> {
  const response = await refresh(session.user.id, session.refreshToken);
  expect(response.statusCode, response.body).toBe(200);
  const refreshToken = refreshCookieOf(response);
  if (!refreshToken) throw new Error('no rotated cookie');
  return { token: response.json<{ token: string }>().token, refreshToken };
}

/**
 * A token signed with the app's own access-token key, with the claims chosen by the test: only
 * the claims can make it fail, never the signature.
 */
async function forgeToken(
  session: Session,
  options: { exp?: boolean; iss?: string; aud?: string } = {},
) {
  const { tv } = decodeJwt(session.token);
  const issuedAt = Math.floor(t.clock.now().getTime() / 1000);
  const jwt = new SignJWT({ tv, dv: 'web' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(session.user.id)
    .setIssuedAt(issuedAt);
  if (options.exp !== false) jwt.setExpirationTime(issuedAt + 600);
  if (options.iss !== '') jwt.setIssuer(options.iss ?? 'karta');
  if (options.aud !== '') jwt.setAudience(options.aud ?? 'karta-api');
  return jwt.sign(createSecretKey(t.app.ctx.keys.accessTokens));
}

describe('access tokens', () => {
  it('are accepted with exp, iss and aud from us', async () => {
    const session = await signedInUser(t.app);
    expect((await currentUser(t.app, await forgeToken(session))).statusCode).toBe(200);
    expect(decodeJwt(session.token)).toMatchObject({ iss: 'karta', aud: 'karta-api' });
  });

  it('are refused without exp (they would never expire)', async () => {
    const session = await signedInUser(t.app);
    const response = await currentUser(t.app, await forgeToken(session, { exp: false }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: M.SESSION_EXPIRED });
  });

  it('are refused with a foreign or missing audience', async () => {
    const session = await signedInUser(t.app);
    for (const aud of ['other-api', '']) {
      expect((await currentUser(t.app, await forgeToken(session, { aud }))).statusCode).toBe(403);
    }
  });

  it('are refused from a foreign or missing issuer', async () => {
    const session = await signedInUser(t.app);
    for (const iss of ['someone-else', '']) {
      expect((await currentUser(t.app, await forgeToken(session, { iss }))).statusCode).toBe(403);
    }
  });
});

describe('POST /user/refresh_token/{user_id}', () => {
  it('trades the cookie for a new access token and a new cookie (rotation)', async () => {
    const session = await signedInUser(t.app);
    t.clock.advance(60);
    const response = await refresh(session.user.id, session.refreshToken);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; token: string; data: { id: string } }>();
    expect(body.status).toBe('success');
    expect(body.data.id).toBe(session.user.id);
    expect(body.token).not.toBe(session.token);
    const rotated = refreshCookieOf(response);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(session.refreshToken);
    expect((await currentUser(t.app, body.token)).statusCode).toBe(200);
  });

  it('needs no Authorization header, and refuses a missing cookie with 403', async () => {
    const session = await signedInUser(t.app);
    const response = await refresh(session.user.id, undefined);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: M.SESSION_EXPIRED });
  });

  it('revokes the whole family when an old token is used again (reuse detection)', async () => {
    const session = await signedInUser(t.app);
    const next = await rotate(session);
    t.clock.advance(REFRESH_REUSE_GRACE_SECONDS);
    const replay = await refresh(session.user.id, session.refreshToken);
    expect(replay.statusCode).toBe(403);
    // The thief's replay also ends the legitimate holder's newer token.
    expect((await refresh(session.user.id, next.refreshToken)).statusCode).toBe(403);
  });

  it('gives parallel refreshes with one cookie (several tabs) the same successor', async () => {
    const session = await signedInUser(t.app);
    t.clock.advance(60);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => refresh(session.user.id, session.refreshToken)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const cookies = new Set(responses.map((r) => refreshCookieOf(r)));
    expect(cookies.size).toBe(1);
    const [successor] = [...cookies];
    expect(successor).toBeDefined();
    expect(successor).not.toBe(session.refreshToken);
    // One successor row, however many requests raced for it.
    const rows = await t.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, session.user.id));
    expect(rows).toHaveLength(2);
    for (const response of responses) {
      const token = response.json<{ token: string }>().token;
      expect((await currentUser(t.app, token)).statusCode).toBe(200);
    }
    // The family lives on: the successor refreshes as usual.
    t.clock.advance(REFRESH_REUSE_GRACE_SECONDS);
    expect((await refresh(session.user.id, successor)).statusCode).toBe(200);
  });

  it('a late tab inside the grace window gets the successor, not a revoked family', async () => {
    const session = await signedInUser(t.app);
    const next = await rotate(session);
    t.clock.advance(REFRESH_REUSE_GRACE_SECONDS - 1);
    const late = await refresh(session.user.id, session.refreshToken);
    expect(late.statusCode).toBe(200);
    expect(refreshCookieOf(late)).toBe(next.refreshToken);
    expect((await refresh(session.user.id, next.refreshToken)).statusCode).toBe(200);
  });

  it('treats an older ancestor as reuse even inside the grace window', async () => {
    const session = await signedInUser(t.app);
    const next = await rotate(session);
    const newest = await rotate({ ...session, ...next });
    expect((await refresh(session.user.id, session.refreshToken)).statusCode).toBe(403);
    expect((await refresh(session.user.id, newest.refreshToken)).statusCode).toBe(403);
  });

  it('refuses a cookie shown for another user id, without spending it', async () => {
    const session = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const response = await refresh(other.user.id, session.refreshToken);
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === 'karta_refresh')?.value).toBe('');
    expect((await refresh(session.user.id, session.refreshToken)).statusCode).toBe(200);
  });

  it('expires after the idle limit (7 days unused)', async () => {
    const session = await signedInUser(t.app);
    t.clock.advance(7 * DAY + 1);
    expect((await refresh(session.user.id, session.refreshToken)).statusCode).toBe(403);
  });

  it('stays alive while used, but never past the absolute limit (30 days)', async () => {
    let session = await signedInUser(t.app);
    for (let day = 6; day <= 29; day += 6) {
      t.clock.advance(6 * DAY);
      const next = await rotate(session);
      session = { ...session, ...next };
    }
    t.clock.advance(6 * DAY);
    expect((await refresh(session.user.id, session.refreshToken)).statusCode).toBe(403);
  });

  it('refuses cross-site requests (Sec-Fetch-Site and Origin)', async () => {
    const session = await signedInUser(t.app);
    const crossSite = await refresh(session.user.id, session.refreshToken, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    const foreignOrigin = await refresh(session.user.id, session.refreshToken, {
      origin: 'https://evil.example',
    });
    expect(foreignOrigin.statusCode).toBe(403);
    const sameOrigin = await refresh(session.user.id, session.refreshToken, {
      origin: 'http://localhost:80',
      host: 'localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
    const next = refreshCookieOf(sameOrigin);
    const withPort = await refresh(session.user.id, next, {
      origin: 'http://localhost:3000',
      host: 'localhost:3000',
    });
    expect(withPort.statusCode).toBe(200);
    const opaque = await refresh(session.user.id, refreshCookieOf(withPort), { origin: 'null' });
    expect(opaque.statusCode).toBe(403);
  });
});

describe('the refresh cookie’s name', () => {
  const HTTPS = { 'x-forwarded-proto': 'https' };
  const refreshWith =
    (app: TestApp['app'], userId: string, cookies: Record<string, string>) =>
    (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/user/refresh_token/${userId}`,
        cookies,
        headers,
      });

  it('over HTTPS is only __Host-karta_refresh: a plain karta_refresh is not read', async () => {
    // HTTPS as the app knows it: a trusted proxy's X-Forwarded-Proto (TRUST_PROXY).
    const behindTls = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const session = await signedInUser(behindTls.app);
      const { id } = session.user;
      const plain = refreshWith(behindTls.app, id, { karta_refresh: session.refreshToken });
      const refused = await plain(HTTPS);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ message: M.SESSION_EXPIRED });
      const prefixed = refreshWith(behindTls.app, id, {
        '__Host-karta_refresh': session.refreshToken,
      });
      // The refused call spent nothing: the same token still refreshes under its own name.
      const accepted = await prefixed(HTTPS);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.cookies.map((cookie) => cookie.name)).toEqual(['__Host-karta_refresh']);
    } finally {
      await behindTls.close();
    }
  });

  it('over plain HTTP is only karta_refresh: a __Host- one is not read', async () => {
    const session = await signedInUser(t.app);
    const { id } = session.user;
    const prefixed = refreshWith(t.app, id, { '__Host-karta_refresh': session.refreshToken });
    const refused = await prefixed();
    expect(refused.statusCode, refused.body).toBe(403);
    // Without TRUST_PROXY a forwarded scheme is nobody's word: still plain HTTP.
    expect((await prefixed(HTTPS)).statusCode).toBe(403);
    const accepted = await refreshWith(t.app, id, { karta_refresh: session.refreshToken })();
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

describe('POST /auth/signout', () => {
  it('ends every session: refresh tokens and earlier access tokens stop working', async () => {
    const session = await signedInUser(t.app);
    const phone = await login(t.app, session.email, session.password);
    const phoneToken = phone.json<{ token: string }>().token;
    const phoneRefresh = refreshCookieOf(phone);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: { authorization: session.token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'You have been signed out.' });
    const cleared = response.cookies.find((c) => c.name === 'karta_refresh');
    expect(cleared?.value).toBe('');

    expect((await currentUser(t.app, session.token)).statusCode).toBe(403);
    expect((await currentUser(t.app, phoneToken)).statusCode).toBe(403);
    expect((await refresh(session.user.id, session.refreshToken)).statusCode).toBe(403);
    expect((await refresh(session.user.id, phoneRefresh)).statusCode).toBe(403);

    const again = await login(t.app, session.email, session.password);
    expect(again.statusCode).toBe(200);
    expect((await currentUser(t.app, again.json<{ token: string }>().token)).statusCode).toBe(200);
  });

  it('refuses cross-site sign-out', async () => {
    const session = await signedInUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: { authorization: session.token, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await currentUser(t.app, session.token)).statusCode).toBe(200);
  });
});
