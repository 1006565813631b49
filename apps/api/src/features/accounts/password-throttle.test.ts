import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  currentUser,
  latestCode,
  register,
  signedInUser,
  type Session,
} from '../../../test/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG = 'Wrong#Pass123';
const LOCKED = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;

/** Each test sends from its own address, so the per-address count is the test's own. */
let lastOctet = 0;
const nextAddress = () => `203.0.113.${(lastOctet += 1)}`;

const from =
  (ip: string) =>
  (url: string, payload: object, token?: string): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      remoteAddress: ip,
      headers: token ? { authorization: token } : {},
    });

/** Every endpoint that checks a password, each with the given password. */
function passwordChecks(send: ReturnType<typeof from>, session: Session, password: string) {
  const own = (path: string) => `/user/${path}/${session.user.id}`;
  return {
    login: () => send('/auth/login', { email: session.email, password, device: 'web' }),
    confirm: () =>
      send('/auth/account_otp_verification', { email: session.email, password, otp: '123456' }),
    reactivate: () => send('/user/reactivate_account', { email: session.email, password }),
    update_pin: () =>
      send(own('update_pin'), { password, pin: '4821', verify_pin: '4821' }, session.token),
    update_password: () =>
      send(
        own('update_password'),
        {
          password,
          new_password: 'Harmattan#Breeze27',
          verify_new_password: 'Harmattan#Breeze27',
          otp: '123456',
        },
        session.token,
      ),
    deactivate: () => send(own('deactivate_account'), { password }, session.token),
    delete: () => send(own('delete_account'), { password }, session.token),
  };
}

const WINDOW_MS = 15 * 60 * 1000;
/** Counts live in fixed 15-minute windows: start each test at the start of a fresh one. */
function startFreshWindow() {
  const next = Math.floor(t.clock.now().getTime() / WINDOW_MS + 1) * WINDOW_MS;
  t.clock.set(new Date(next));
}

function expectLocked(response: LightMyRequestResponse, name: string) {
  expect(response.statusCode, `${name}: ${response.body}`).toBe(429);
  expect(Number(response.headers['retry-after']), name).toBeGreaterThan(0);
  expect(response.json<{ message: string }>().message, name).toMatch(LOCKED);
}

describe('one throttle for every password check', () => {
  it('after 10 wrong logins every password endpoint answers 429, even to the right one', async () => {
    startFreshWindow();
    const send = from(nextAddress());
    const session = await signedInUser(t.app);
    const wrong = passwordChecks(send, session, WRONG);
    for (let i = 0; i < 10; i += 1) expect((await wrong.login()).statusCode).toBe(401);

    const right = passwordChecks(send, session, session.password);
    for (const [name, check] of Object.entries(right)) expectLocked(await check(), name);
    // Nothing happened behind the lock: still signed in, still active, no PIN.
    expect((await currentUser(t.app, session.token)).json()).toMatchObject({
      data: { has_pin: false },
    });

    t.clock.advance(15 * 60);
    const again = await right.login();
    expect(again.statusCode).toBe(200);
    const renewed = { ...session, token: again.json<{ token: string }>().token };
    expect((await passwordChecks(send, renewed, session.password).update_pin()).statusCode).toBe(
      200,
    );
  });

  it('wrong passwords on any endpoint count toward the same lock', async () => {
    startFreshWindow();
    const send = from(nextAddress());
    const session = await signedInUser(t.app);
    const wrong = passwordChecks(send, session, WRONG);
    // Two each on five endpoints, none of them login.
    for (const check of [
      wrong.confirm,
      wrong.reactivate,
      wrong.update_pin,
      wrong.update_password,
      wrong.deactivate,
    ]) {
      for (let i = 0; i < 2; i += 1) expect((await check()).statusCode).toBe(401);
    }
    expectLocked(await passwordChecks(send, session, session.password).login(), 'login');
  });

  it('wrong passwords on confirm lock login, for a pending account too', async () => {
    startFreshWindow();
    const send = from(nextAddress());
    const { payload } = await register(t.app);
    const otp = await latestCode(t.app, payload.email);
    const confirm = (password: string) =>
      send('/auth/account_otp_verification', { email: payload.email, password, otp });
    for (let i = 0; i < 10; i += 1) expect((await confirm(WRONG)).statusCode).toBe(401);
    expectLocked(await confirm(payload.password), 'confirm');
    const login = await send('/auth/login', { email: payload.email, password: payload.password });
    expectLocked(login, 'login');

    t.clock.advance(15 * 60);
    const resend = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/request_otp?email=${encodeURIComponent(payload.email)}`,
    });
    expect(resend.statusCode).toBe(200);
    const fresh = await send('/auth/account_otp_verification', {
      email: payload.email,
      password: payload.password,
      otp: await latestCode(t.app, payload.email),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('a right password on any endpoint clears the account count', async () => {
    startFreshWindow();
    const send = from(nextAddress());
    const session = await signedInUser(t.app);
    const wrong = passwordChecks(send, session, WRONG);
    const right = passwordChecks(send, session, session.password);
    for (let i = 0; i < 9; i += 1) expect((await wrong.login()).statusCode).toBe(401);
    expect((await right.update_pin()).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await wrong.login()).statusCode).toBe(401);
    expect((await right.login()).statusCode).toBe(200);
  });

  it('limits one address to 30 wrong passwords across accounts and endpoints', async () => {
    startFreshWindow();
    const send = from(nextAddress());
    const victim = await signedInUser(t.app);
    const others = [
      await signedInUser(t.app),
      await signedInUser(t.app),
      await signedInUser(t.app),
    ];
    const endpoints = ['confirm', 'update_pin', 'reactivate'] as const;
    for (const [index, other] of others.entries()) {
      const check = passwordChecks(send, other, WRONG)[endpoints[index] ?? 'login'];
      for (let i = 0; i < 10; i += 1) expect((await check()).statusCode).toBe(401);
    }
    const fromThere = passwordChecks(send, victim, victim.password);
    expectLocked(await fromThere.login(), 'login');
    expectLocked(await fromThere.deactivate(), 'deactivate');
    // Another address is not affected.
    const elsewhere = passwordChecks(from(nextAddress()), victim, victim.password);
    expect((await elsewhere.login()).statusCode).toBe(200);
  });
});
