import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { User } from '@karta/shared/schemas/users';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { latestCode, PASSWORD, refreshCookieOf, registration } from '../../../test/accounts';

interface LogLine {
  msg?: string;
  method?: unknown;
  path?: unknown;
  status?: unknown;
  ms?: unknown;
  [key: string]: unknown;
}

const PIN = '4829';

/** Pino's own fields (time, pid, hostname) are numbers and names, never request data. */
const BASE_FIELDS = new Set(['time', 'pid', 'hostname']);
const withoutBaseFields = (line: string) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(JSON.parse(line) as LogLine).filter(([key]) => !BASE_FIELDS.has(key)),
    ),
  );

/** A run of digits counts only as a whole number, not as part of a longer one. */
const digitsPattern = (digits: string) => new RegExp(`(?<!\\d)${digits}(?!\\d)`);

const requestLines = (logs: string[]) =>
  logs.map((line) => JSON.parse(line) as LogLine).filter((entry) => entry.msg === 'request');

describe('logs are free of secrets', () => {
  let t: TestApp;
  let injectSpy: MockInstance;
  beforeAll(async () => {
    t = await createTestApp();
    injectSpy = vi.spyOn(t.app, 'inject');
  });
  afterAll(async () => {
    injectSpy.mockRestore();
    await t.close();
  });

  it('never logs a password, code, PIN or token, and logs each request once', async () => {
    const logsBefore = t.logs.length;
    injectSpy.mockClear();
    const payload = registration();
    const statuses: number[] = [];
    /** How long the caller waited for each request, in the order they were made. */
    const waited: number[] = [];
    const timed = async <T>(call: () => Promise<T>) => {
      const started = performance.now();
      const result = await call();
      waited.push(performance.now() - started);
      return result;
    };
    const send = async (options: InjectOptions) => {
      const response = await timed(() => t.app.inject(options));
      statuses.push(response.statusCode);
      return response;
    };

    const registered = await send({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload,
    });
    expect(registered.statusCode, registered.body).toBe(201);

    const otp = await timed(() => latestCode(t.app, payload.email));
    statuses.push(200); // latestCode's own GET /dev/mail, which it checked answered 200.

    const confirmed = await send({
      method: 'POST',
      url: '/api/v1/auth/account_otp_verification',
      payload: { otp, email: payload.email, password: PASSWORD },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const loggedIn = await send({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: payload.email, password: PASSWORD, device: 'web' },
    });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const { token, data: user } = loggedIn.json<{ token: string; data: User }>();
    const refreshToken = refreshCookieOf(loggedIn);
    if (!refreshToken) throw new Error('login set no refresh cookie');

    const current = await send({
      method: 'GET',
      url: '/api/v1/auth/current_user',
      headers: { authorization: token },
    });
    expect(current.statusCode, current.body).toBe(200);

    const pin = await send({
      method: 'POST',
      url: `/api/v1/user/update_pin/${user.id}`,
      headers: { authorization: token },
      payload: { password: PASSWORD, pin: PIN, verify_pin: PIN },
    });
    expect(pin.statusCode, pin.body).toBe(200);

    const refreshed = await send({
      method: 'POST',
      url: `/api/v1/user/refresh_token/${user.id}`,
      cookies: { karta_refresh: refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const newToken = refreshed.json<{ token: string }>().token;
    const newRefreshToken = refreshCookieOf(refreshed);
    if (!newRefreshToken) throw new Error('refresh set no refresh cookie');

    const lines = t.logs.slice(logsBefore);
    const everything = lines.join('\n');
    for (const secret of [PASSWORD, token, refreshToken, newToken, newRefreshToken]) {
      expect(everything.includes(secret), `a log line contains ${secret}`).toBe(false);
    }
    const content = lines.map(withoutBaseFields).join('\n');
    expect(content).not.toMatch(digitsPattern(otp));
    expect(content).not.toMatch(digitsPattern(PIN));

    // One request line per request, in order, with what happened and how long it took; the
    // path is the route's pattern, never the ids a client wrote into it.
    const calls = injectSpy.mock.calls.map(([options]) => options as InjectOptions);
    expect(calls).toHaveLength(7);
    const logged = requestLines(lines);
    expect(logged).toHaveLength(calls.length);
    expect(logged.map((entry) => `${String(entry.method)} ${String(entry.path)}`)).toEqual(
      calls.map((call) => {
        const url = typeof call.url === 'string' ? call.url : JSON.stringify(call.url);
        const path = (url.split('?')[0] ?? '').replace(user.id, ':user_id');
        return `${call.method ?? 'GET'} ${path}`;
      }),
    );
    expect(logged.map((entry) => entry.status)).toEqual(statuses);
    // The time the server spent: some, and no more than the caller waited (ms has one decimal).
    expect(waited).toHaveLength(logged.length);
    logged.forEach((entry, i) => {
      expect(entry.ms).toBeGreaterThan(0);
      expect(entry.ms).toBeLessThanOrEqual((waited[i] ?? 0) + 0.05);
    });
  });

  it('logs a route by its pattern, and an unknown path without what a client put in it', async () => {
    const logsBefore = t.logs.length;
    const email = registration().email;
    await t.app.inject({ method: 'GET', url: `/api/v1/trade/fetch_trade/${email}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/nothing/${email}/8031234567/x.y` });
    // Percent-encoded, as the router reads it: the route's pattern, or the decoded words.
    await t.app.inject({ method: 'GET', url: `/%61pi/v1/trade/fetch_trade/${email}` });
    await t.app.inject({ method: 'GET', url: `/%61pi/v1/%6eothing/${email}` });
    const logged = requestLines(t.logs.slice(logsBefore));
    expect(logged.map((entry) => entry.path)).toEqual([
      '/api/v1/trade/fetch_trade/:user_id',
      '/api/v1/nothing/*/*/*',
      '/api/v1/trade/fetch_trade/:user_id',
      '/api/v1/nothing/*',
    ]);
    expect(t.logs.slice(logsBefore).join('\n')).not.toContain(email);
  });

  it('logs a path without its query string', async () => {
    const logsBefore = t.logs.length;
    const email = registration().email;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/request_otp?email=${encodeURIComponent(email)}`,
    });
    expect(response.statusCode, response.body).toBe(200);

    const lines = t.logs.slice(logsBefore);
    const logged = requestLines(lines);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/user/request_otp',
      status: 200,
    });
    const joined = lines.join('\n');
    expect(joined).not.toContain('email=');
    expect(joined).not.toContain(email);
    expect(joined).not.toContain(encodeURIComponent(email));
  });
});
