import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { bodyOf, register, registration } from '../../../test/accounts';

/**
 * A finding of the outside security test (decision 054): registration says which e-mail or
 * phone already has an account (the spec's words, kept), and nothing limited how fast anyone
 * could ask. Registration and code requests now allow 30 attempts an hour from one IP, and 10
 * an hour on one e-mail or phone from anywhere; past that, 429 with Retry-After.
 */
const PER_IP = 30;
const PER_ADDRESS = 10;
const LIMITED = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

let t: TestApp;
beforeAll(async () => {
  // The production limits, not the test default that lets other files register freely.
  t = await createTestApp({ env: { SIGNUP_LIMIT_PER_IP: undefined } });
});
afterAll(() => t.close());

let lastOctet = 0;
/** Each call a fresh address, so a test's per-IP count is its own. */
const nextIp = () => `198.51.100.${String((lastOctet += 1))}`;

const HOUR_MS = 60 * 60 * 1000;
/** Counts live in fixed one-hour windows: each test starts at the start of a fresh one. */
function startFreshWindow() {
  t.clock.set(new Date(Math.floor(t.clock.now().getTime() / HOUR_MS + 1) * HOUR_MS));
}

const registerFrom = (ip: string, payload: object): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload, remoteAddress: ip });

const requestCodeFrom = (ip: string, email: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/request_otp?email=${encodeURIComponent(email)}`,
    remoteAddress: ip,
  });

/** 429 in the envelope, with a Retry-After of at most the rest of the hour. */
function expectLimited(response: LightMyRequestResponse): number {
  expect(response.statusCode, response.body).toBe(429);
  const body = bodyOf(response);
  expect(body.status).toBe('error');
  expect(body.message).toMatch(LIMITED);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  return retryAfter;
}

/** Whether an account was made for this e-mail: a second attempt says it is taken. */
async function isTaken(email: string): Promise<boolean> {
  const again = await registerFrom(nextIp(), registration({ email }));
  return again.statusCode === 409;
}

describe('POST /auth/register', () => {
  it('answers the attempt after 30 from one IP in an hour with 429 and Retry-After, and makes no account', async () => {
    startFreshWindow();
    const ip = nextIp();
    for (let attempt = 1; attempt <= PER_IP; attempt += 1) {
      const response = await registerFrom(ip, registration());
      expect(response.statusCode, `attempt ${String(attempt)}: ${response.body}`).toBe(201);
    }
    const refused = registration();
    const retryAfter = expectLimited(await registerFrom(ip, refused));
    expect(await isTaken(refused.email)).toBe(false);

    // Another IP is not held back; this one is once the hour is over.
    expect((await registerFrom(nextIp(), registration())).statusCode).toBe(201);
    t.clock.advance(retryAfter);
    expect((await registerFrom(ip, registration())).statusCode).toBe(201);
  });

  it('limits attempts on one e-mail, and on one phone, from many IPs to 10 an hour', async () => {
    startFreshWindow();
    const { payload } = await register(t.app);
    for (let attempt = 2; attempt <= PER_ADDRESS; attempt += 1) {
      const response = await registerFrom(nextIp(), registration({ email: payload.email }));
      expect(response.statusCode, response.body).toBe(409);
    }
    expectLimited(await registerFrom(nextIp(), registration({ email: payload.email })));

    const phone = registration().mobile_number;
    for (let attempt = 1; attempt <= PER_ADDRESS; attempt += 1) {
      const response = await registerFrom(nextIp(), registration({ mobile_number: phone }));
      expect(response.statusCode, response.body).toBe(attempt === 1 ? 201 : 409);
    }
    expectLimited(await registerFrom(nextIp(), registration({ mobile_number: phone })));
  });

  it('lets a person who mistypes a few times register as before', async () => {
    startFreshWindow();
    const ip = nextIp();
    const { payload: someoneElse } = await register(t.app);
    const mine = registration();
    // A phone that turns out to be taken, a common password, then the right details.
    const phoneTaken = await registerFrom(ip, {
      ...mine,
      mobile_number: someoneElse.mobile_number,
    });
    expect(phoneTaken.statusCode).toBe(409);
    expect(bodyOf(phoneTaken).message).toBe('This phone number is already registered on Karta.');
    const common = await registerFrom(ip, {
      ...mine,
      password: 'Password123!',
      verify_password: 'Password123!',
    });
    expect(common.statusCode).toBe(400);
    expect((await registerFrom(ip, mine)).statusCode).toBe(201);
    const emailTaken = await registerFrom(ip, mine);
    expect(emailTaken.statusCode).toBe(409);
    expect(bodyOf(emailTaken).message).toBe(
      'An account with this email already exists. Sign in instead.',
    );
  });
});

describe('GET /user/request_otp signed out', () => {
  it('answers the request after 30 from one IP in an hour with 429 and Retry-After', async () => {
    startFreshWindow();
    const ip = nextIp();
    for (let attempt = 1; attempt <= PER_IP; attempt += 1) {
      const response = await requestCodeFrom(ip, registration().email);
      expect(response.statusCode, response.body).toBe(200);
    }
    expectLimited(await requestCodeFrom(ip, registration().email));
    expect((await requestCodeFrom(nextIp(), registration().email)).statusCode).toBe(200);
  });

  it('lets exactly 30 through when 40 arrive at once from one IP', async () => {
    startFreshWindow();
    const ip = nextIp();
    const responses = await Promise.all(
      Array.from({ length: PER_IP + 10 }, () => requestCodeFrom(ip, registration().email)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PER_IP);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('limits requests for one e-mail from many IPs to 10 an hour, whether it has an account or not', async () => {
    startFreshWindow();
    const nobody = registration().email;
    for (let attempt = 1; attempt <= PER_ADDRESS; attempt += 1) {
      expect((await requestCodeFrom(nextIp(), nobody)).statusCode).toBe(200);
    }
    expectLimited(await requestCodeFrom(nextIp(), nobody));
  });
});
