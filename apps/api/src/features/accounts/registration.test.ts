import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES as M } from '@karta/shared/messages';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  latestCode,
  login,
  mailsTo,
  post,
  register,
  registerAndConfirm,
  registration,
} from '../../../test/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const strong = { password: 'Tr0mbone-Garden-92!', verify_password: 'Tr0mbone-Garden-92!' };

const fieldErrors = (body: { errors: { field: string | null; message: string }[] }) =>
  new Map(body.errors.map((error) => [error.field, error.message]));

async function expectFieldError(
  overrides: Record<string, unknown>,
  field: string,
  message: string,
) {
  const response = await post(t.app, '/auth/register', registration(overrides));
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ status: string; errors: { field: string; message: string }[] }>();
  expect(body.status).toBe('error');
  expect(fieldErrors(body).get(field)).toBe(message);
}

describe('POST /auth/register', () => {
  it('creates an unconfirmed account and mails a 6-digit code that lasts 10 minutes', async () => {
    const payload = registration({
      email: '  Ngozi.Ade@Example.COM ',
      mobile_number: '08031112222',
    });
    const response = await post(t.app, '/auth/register', payload);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ status: string; data: Record<string, unknown> }>();
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({
      first_name: 'Chidinma',
      email: 'ngozi.ade@example.com',
      mobile_number: '+2348031112222',
      gender: 'Female',
      date_of_birth: '1998-03-14',
      role: 'user',
      has_pin: false,
      kyc_verified: false,
    });
    expect(body.data.referral_code).toMatch(/^[A-Z2-9]{6,8}$/);
    expect(JSON.stringify(body)).not.toContain('password');

    const [mail] = await mailsTo(t.app, 'ngozi.ade@example.com');
    expect(mail?.subject).toBe('Confirm your Karta account');
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.text).toContain('expires in 10 minutes');
    expect(mail?.html).toContain('karta');

    const early = await login(t.app, 'ngozi.ade@example.com', payload.password);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      message: 'Please confirm your email first. We have sent a 6-digit code to your inbox.',
    });
  });

  it.each([
    [{ first_name: '' }, 'first_name', M.FIRST_NAME_REQUIRED],
    [{ first_name: undefined }, 'first_name', M.FIRST_NAME_REQUIRED],
    [{ last_name: '   ' }, 'last_name', M.LAST_NAME_REQUIRED],
    [{ email: '' }, 'email', M.EMAIL_REQUIRED],
    [{ email: 'ada@' }, 'email', M.EMAIL_INVALID],
    [{ mobile_number: '' }, 'mobile_number', M.PHONE_REQUIRED],
    [{ mobile_number: '+234803111' }, 'mobile_number', M.PHONE_TOO_SHORT],
    [{ mobile_number: '+234803111222233' }, 'mobile_number', M.PHONE_TOO_LONG],
    [{ mobile_number: '+2341234567890' }, 'mobile_number', M.PHONE_INVALID],
    [{ mobile_number: '+234803111222a' }, 'mobile_number', M.PHONE_INVALID],
    [{ gender: '' }, 'gender', M.GENDER_REQUIRED],
    [{ gender: 'Robot' }, 'gender', M.GENDER_INVALID],
    [{ date_of_birth: '' }, 'date_of_birth', M.DATE_OF_BIRTH_REQUIRED],
    [{ date_of_birth: '2019-02-30' }, 'date_of_birth', M.DATE_OF_BIRTH_INVALID],
    [{ date_of_birth: '2015-06-01' }, 'date_of_birth', M.UNDER_AGE],
    [{ password: '', verify_password: '' }, 'password', M.PASSWORD_REQUIRED],
    [{ password: 'Ab1!', verify_password: 'Ab1!' }, 'password', M.PASSWORD_MIN],
    [
      { password: 'alllowercase1!', verify_password: 'alllowercase1!' },
      'password',
      M.PASSWORD_RULES,
    ],
    [{ password: 'NoDigits!!', verify_password: 'NoDigits!!' }, 'password', M.PASSWORD_RULES],
    [{ password: 'NoSpecial123', verify_password: 'NoSpecial123' }, 'password', M.PASSWORD_RULES],
    [{ verify_password: '' }, 'verify_password', M.CONFIRM_PASSWORD_REQUIRED],
    [{ verify_password: 'Sunshine#2027' }, 'verify_password', M.PASSWORDS_DO_NOT_MATCH],
    [{ first_name: 'A'.repeat(51) }, 'first_name', M.NAME_TOO_LONG],
    [{ email: `${'a'.repeat(250)}@x.com` }, 'email', M.EMAIL_INVALID],
    [{ password: `Aa1!${'x'.repeat(200)}` }, 'password', M.PASSWORD_TOO_LONG],
    [{ first_name: 42 }, 'first_name', M.FIRST_NAME_REQUIRED],
  ])('refuses %j with its message on %s', async (overrides, field, message) => {
    await expectFieldError(overrides, field, message);
  });

  it.each([
    // The app's clock, the latest birth date of an 18-year-old that day, the next day.
    ['2026-11-21T10:00:00Z', '2008-11-21', '2008-11-22'],
    // 23:30 UTC is already 22 November in Lagos.
    ['2026-11-21T23:30:00Z', '2008-11-22', '2008-11-23'],
    // On 29 February there is no 29 February 18 years back: the 28th turns 18, the 1st does not.
    ['2028-02-29T12:00:00Z', '2010-02-28', '2010-03-01'],
  ])('on %s accepts someone born %s and refuses %s', async (now, eighteen, tooYoung) => {
    const realNow = t.clock.now();
    t.clock.set(new Date(now));
    try {
      await register(t.app, { date_of_birth: eighteen });
      await expectFieldError({ date_of_birth: tooYoung }, 'date_of_birth', M.UNDER_AGE);
    } finally {
      t.clock.set(realNow);
    }
  });

  it('refuses a taken e-mail (any case) and a taken phone with 409, creating nothing', async () => {
    const { payload } = await register(t.app);
    const sameEmail = await post(
      t.app,
      '/auth/register',
      registration({ email: payload.email.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      errors: [
        { field: 'email', message: 'An account with this email already exists. Sign in instead.' },
      ],
    });
    const samePhone = await post(
      t.app,
      '/auth/register',
      registration({ mobile_number: payload.mobile_number }),
    );
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toMatchObject({ errors: [{ field: 'mobile_number' }] });
  });

  it('links a referral code of an active user, and refuses an unknown one', async () => {
    const { user: referrer } = await registerAndConfirm(t.app);
    const referred = await post(
      t.app,
      '/auth/register',
      registration({ referral_code: referrer.referral_code.toLowerCase() }),
    );
    expect(referred.statusCode, referred.body).toBe(201);

    await expectFieldError({ referral_code: 'NOPE1234' }, 'referral_code', M.REFERRAL_CODE_INVALID);

    const { user: unconfirmed } = await register(t.app);
    await expectFieldError(
      { referral_code: unconfirmed.referral_code },
      'referral_code',
      M.REFERRAL_CODE_INVALID,
    );
  });

  it.each(['Password1!', 'P@ssw0rd1', 'Qwerty@123', 'Welcome@123'])(
    'refuses the common password %s and creates nothing',
    async (password) => {
      const payload = registration({ password, verify_password: password });
      const response = await post(t.app, '/auth/register', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        errors: [{ field: 'password', message: M.PASSWORD_TOO_COMMON }],
      });
      expect(await mailsTo(t.app, payload.email)).toHaveLength(0);
      // The e-mail and phone were not taken.
      const retry = await post(t.app, '/auth/register', { ...payload, ...strong });
      expect(retry.statusCode, retry.body).toBe(201);
    },
  );

  it('gives every user a different referral code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) codes.add((await register(t.app)).user.referral_code);
    expect(codes.size).toBe(5);
  });
});

describe('POST /auth/account_otp_verification', () => {
  it('confirms the account with the mailed code, then the user can sign in', async () => {
    const { payload } = await register(t.app);
    const otp = await latestCode(t.app, payload.email);
    const confirmed = await post(t.app, '/auth/account_otp_verification', {
      otp,
      email: payload.email,
      password: payload.password,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'success',
      message: 'Your account is confirmed. Sign in to start trading.',
    });
    const signedIn = await login(t.app, payload.email, payload.password);
    expect(signedIn.statusCode).toBe(200);

    // Confirmed already: answered as a wrong password would be (no "already confirmed").
    const again = await post(t.app, '/auth/account_otp_verification', {
      otp,
      email: payload.email,
      password: payload.password,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: 'Email or password is incorrect.' });
  });

  it('tells nothing about a confirmed account: right and wrong password answer alike', async () => {
    const { payload } = await registerAndConfirm(t.app);
    const confirm = (password: string) =>
      post(t.app, '/auth/account_otp_verification', {
        otp: '123456',
        email: payload.email,
        password,
      });
    const right = await confirm(payload.password);
    const wrong = await confirm('Wrong#Password1');
    const unknown = await post(t.app, '/auth/account_otp_verification', {
      otp: '123456',
      email: 'nobody.at.all@example.com',
      password: payload.password,
    });
    expect(right.statusCode).toBe(401);
    expect(right.statusCode).toBe(wrong.statusCode);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json()).toEqual(unknown.json());
    expect((await login(t.app, payload.email, payload.password)).statusCode).toBe(200);
  });

  it('needs the right password as well as the code', async () => {
    const { payload } = await register(t.app);
    const otp = await latestCode(t.app, payload.email);
    const response = await post(t.app, '/auth/account_otp_verification', {
      otp,
      email: payload.email,
      password: 'Wrong#Password1',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Email or password is incorrect.' });
  });

  it('refuses a malformed code with the spec message', async () => {
    const response = await post(t.app, '/auth/account_otp_verification', {
      otp: '12ab',
      email: 'someone@example.com',
      password: 'Sunshine#2026',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'otp', message: M.OTP_INVALID }] });
  });

  it('sends a new code on request and the old one stops working', async () => {
    const { payload } = await register(t.app);
    const first = await latestCode(t.app, payload.email);
    t.clock.advance(31);
    const resend = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/request_otp?email=${encodeURIComponent(payload.email)}`,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toMatchObject({
      message: 'We have sent a new 6-digit code to your email.',
    });
    const second = await latestCode(t.app, payload.email);
    expect((await mailsTo(t.app, payload.email)).length).toBe(2);

    expect(second).not.toBe(first);
    const stale = await post(t.app, '/auth/account_otp_verification', {
      otp: first,
      email: payload.email,
      password: payload.password,
    });
    expect(stale.statusCode).toBe(401);
    const fresh = await post(t.app, '/auth/account_otp_verification', {
      otp: second,
      email: payload.email,
      password: payload.password,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers a resend for an unknown address the same way, sending nothing', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/request_otp?email=nobody.here@example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(await mailsTo(t.app, 'nobody.here@example.com')).toHaveLength(0);
  });
});
