import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDigits } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { latestCode, mailsTo, post, register } from '../../../test/accounts';

// The digits come from the real CSPRNG unless a test says which to draw next.
vi.mock('../../lib/secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/secrets')>();
  return { ...actual, createDigits: vi.fn(actual.createDigits) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const confirm = (email: string, password: string, otp: string) =>
  post(t.app, '/auth/account_otp_verification', { otp, email, password });

const resend = (email: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/request_otp?email=${encodeURIComponent(email)}`,
  });

/** A six-digit code that is not the right one. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one-time codes (docs/ARCHITECTURE.md#domain-rules)', () => {
  it('expire after 10 minutes', async () => {
    const { payload } = await register(t.app);
    const otp = await latestCode(t.app, payload.email);
    t.clock.advance(10 * 60 + 1);
    const response = await confirm(payload.email, payload.password, otp);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [
        { field: 'otp', message: 'This code has expired or has been replaced. Request a new one.' },
      ],
    });
  });

  it('still work just before 10 minutes', async () => {
    const { payload } = await register(t.app);
    const otp = await latestCode(t.app, payload.email);
    t.clock.advance(10 * 60 - 2);
    expect((await confirm(payload.email, payload.password, otp)).statusCode).toBe(200);
  });

  it('count wrong tries and are void after the fifth, even for the right code', async () => {
    const { payload } = await register(t.app);
    const otp = await latestCode(t.app, payload.email);
    const wrong = wrongCodeFor(otp);
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await confirm(payload.email, payload.password, wrong);
      expect(response.statusCode).toBe(401);
      messages.push(response.json<{ message: string }>().message);
    }
    expect(messages[0]).toBe('That code is not correct. You have 4 tries left.');
    expect(messages[3]).toBe('That code is not correct. You have 1 try left.');
    expect(messages[4]).toBe('Too many wrong codes. This code no longer works: request a new one.');
    const right = await confirm(payload.email, payload.password, otp);
    expect(right.statusCode).toBe(400);
  });

  it('are single use', async () => {
    const { payload } = await register(t.app);
    const email = payload.email;
    // Reset codes are a second purpose: use one and try it again.
    t.clock.advance(31);
    await post(t.app, '/auth/forgot_password', { email });
    const otp = await latestCode(t.app, email);
    const reset = (password: string) =>
      post(t.app, '/auth/reset_password', {
        email,
        otp,
        new_password: password,
        verify_new_password: password,
      });
    expect((await reset('Another#Pass1')).statusCode).toBe(200);
    const replay = await reset('Third#Pass12');
    expect(replay.statusCode).toBe(400);
  });

  it('are bound to their purpose: a reset code does not confirm an account', async () => {
    const { payload } = await register(t.app);
    t.clock.advance(31);
    await post(t.app, '/auth/forgot_password', { email: payload.email });
    const resetCode = await latestCode(t.app, payload.email);
    const response = await confirm(payload.email, payload.password, resetCode);
    expect(response.statusCode).toBe(401);
  });

  it('never repeat the code they replace, so the old one stops working', async () => {
    const { payload } = await register(t.app);
    const first = await latestCode(t.app, payload.email);
    t.clock.advance(31);
    // The draw a resend would make one time in a million: the very code it replaces.
    vi.mocked(createDigits).mockReturnValueOnce(first);
    expect((await resend(payload.email)).statusCode).toBe(200);
    const second = await latestCode(t.app, payload.email);
    expect(second).not.toBe(first);
    expect((await confirm(payload.email, payload.password, first)).statusCode).toBe(401);
    expect((await confirm(payload.email, payload.password, second)).statusCode).toBe(200);
  });

  it('wait 30 seconds between sends, answered with 429 and Retry-After', async () => {
    const { payload } = await register(t.app);
    t.clock.advance(10);
    const early = await resend(payload.email);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('20');
    expect(early.json()).toMatchObject({
      message: 'Please wait 20 seconds before asking for a new code.',
    });
    expect(await mailsTo(t.app, payload.email)).toHaveLength(1);
    t.clock.advance(20);
    expect((await resend(payload.email)).statusCode).toBe(200);
    expect(await mailsTo(t.app, payload.email)).toHaveLength(2);
  });

  it('go out at most 5 times an hour per address', async () => {
    const { payload } = await register(t.app);
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(31);
      expect((await resend(payload.email)).statusCode).toBe(200);
    }
    t.clock.advance(31);
    const sixth = await resend(payload.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json<{ message: string }>().message).toMatch(
      /^You have asked for 5 codes in the last hour\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await mailsTo(t.app, payload.email)).toHaveLength(5);
    t.clock.advance(3600);
    expect((await resend(payload.email)).statusCode).toBe(200);
  });
});
