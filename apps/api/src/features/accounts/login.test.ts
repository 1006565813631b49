import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES as M } from '@karta/shared/messages';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { login, post, refreshCookieOf, register, signedInUser } from '../../../test/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /auth/login', () => {
  it('answers the token, the user and an HttpOnly SameSite=Strict refresh cookie', async () => {
    const session = await signedInUser(t.app);
    const response = await login(t.app, session.email.toUpperCase(), session.password);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ status: 'success', message: 'Welcome back, Chidinma.' });
    expect(typeof body.token).toBe('string');
    expect(Object.keys(body.data as object).sort()).toEqual(
      [
        'auto_withdrawal',
        'created_at',
        'date_of_birth',
        'email',
        'first_name',
        'gender',
        'has_pin',
        'id',
        'kyc_verified',
        'last_name',
        'mobile_number',
        'referral_code',
        'role',
      ].sort(),
    );
    const cookie = response.cookies.find((c) => c.name === 'karta_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('over HTTPS names the cookie __Host- and marks it Secure', async () => {
    const session = await signedInUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: session.email, password: session.password },
      headers: { 'x-forwarded-proto': 'https' },
    });
    // Without TRUST_PROXY the forwarded header is ignored: still plain.
    expect(response.cookies.map((c) => c.name)).toEqual(['karta_refresh']);
    const trusting = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const other = await signedInUser(trusting.app);
      const secure = await trusting.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: other.email, password: other.password },
        headers: { 'x-forwarded-proto': 'https' },
      });
      const cookie = secure.cookies.find((c) => c.name === '__Host-karta_refresh');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    } finally {
      await trusting.close();
    }
  });

  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    const session = await signedInUser(t.app);
    const unknown = await login(t.app, 'who.is.this@example.com', 'Sunshine#2026');
    const wrong = await login(t.app, session.email, 'Sunshine#2027');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ message: 'Email or password is incorrect.' });
    expect(refreshCookieOf(wrong)).toBeUndefined();
  });

  it.each([
    [{ email: '' }, 'email', M.EMAIL_REQUIRED],
    [{ email: 'not-an-email' }, 'email', M.EMAIL_INVALID],
    [{ password: '' }, 'password', M.PASSWORD_REQUIRED],
    [{ password: 'short' }, 'password', M.PASSWORD_MIN],
    [{ device: 'fridge' }, 'device', 'Device must be web, ios or android'],
  ])('validates %j', async (overrides, field, message) => {
    const response = await post(t.app, '/auth/login', {
      email: 'ada@example.com',
      password: 'Sunshine#2026',
      device: 'web',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors).toContainEqual({ field, message });
  });

  it('throttles failed logins per account: the 11th try in 15 minutes is refused', async () => {
    const session = await signedInUser(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(t.app, session.email, 'Wrong#Pass123')).statusCode).toBe(401);
    }
    const blocked = await login(t.app, session.email, session.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json<{ message: string }>().message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
    t.clock.advance(15 * 60);
    expect((await login(t.app, session.email, session.password)).statusCode).toBe(200);
  });

  it('throttles failed logins per IP across accounts', async () => {
    const ipApp = await createTestApp();
    try {
      const victim = await signedInUser(ipApp.app);
      const fromIp = (email: string, password: string) =>
        ipApp.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password },
          remoteAddress: '198.51.100.7',
        });
      for (let i = 0; i < 30; i += 1) {
        expect((await fromIp(`stranger${i}@example.com`, 'Wrong#Pass123')).statusCode).toBe(401);
      }
      expect((await fromIp(victim.email, victim.password)).statusCode).toBe(429);
      // Another address is not affected.
      expect((await login(ipApp.app, victim.email, victim.password)).statusCode).toBe(200);
    } finally {
      await ipApp.close();
    }
  });

  it('an unconfirmed account gets a clear message and a fresh code', async () => {
    const { payload } = await register(t.app);
    t.clock.advance(31);
    const response = await login(t.app, payload.email, payload.password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Please confirm your email first. We have sent a 6-digit code to your inbox.',
    });
    const mails = await t.app.inject({ method: 'GET', url: `/dev/mail?to=${payload.email}` });
    expect(mails.json<{ data: unknown[] }>().data).toHaveLength(2);
  });
});

describe('GET /auth/current_user', () => {
  it('returns the signed-in user for the raw token and for Bearer', async () => {
    const session = await signedInUser(t.app);
    for (const authorization of [session.token, `Bearer ${session.token}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/current_user',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        data: { id: session.user.id, email: session.email },
      });
    }
  });

  it('answers 403 with the session message for no, forged or expired tokens', async () => {
    const session = await signedInUser(t.app);
    const forged = `${session.token.slice(0, -4)}AAAA`;
    for (const headers of [{}, { authorization: forged }, { authorization: 'nonsense' }]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/current_user',
        headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: M.SESSION_EXPIRED });
    }
    t.clock.advance(15 * 60 + 1);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/current_user',
      headers: { authorization: session.token },
    });
    expect(expired.statusCode).toBe(403);
  });
});
