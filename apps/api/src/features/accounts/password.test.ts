import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES as M } from '@karta/shared/messages';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  latestCode,
  login,
  mailsTo,
  post,
  refreshCookieOf,
  signedInUser,
  type Session,
  currentUser,
} from '../../../test/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Not a common password in any reading ("Moonlight#2027" is: "moonlight").
const NEW_PASSWORD = 'Harmattan#Breeze27';

const requestCode = (session: Session, email = session.email) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/request_otp?email=${encodeURIComponent(email)}`,
    headers: { authorization: session.token },
  });

const updatePassword = (session: Session, body: Record<string, unknown>) =>
  post(t.app, `/user/update_password/${session.user.id}`, body, { authorization: session.token });

describe('change password (two steps: code to the e-mail, then the new password)', () => {
  it('mails a password-change code, updates the password and keeps only this session', async () => {
    const session = await signedInUser(t.app);
    const otherDevice = await login(t.app, session.email, session.password);
    const otherToken = otherDevice.json<{ token: string }>().token;

    const sent = await requestCode(session);
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await mailsTo(t.app, session.email);
    expect(mail?.subject).toBe('Your Karta password change code');
    const otp = await latestCode(t.app, session.email);

    const response = await updatePassword(session, {
      password: session.password,
      new_password: NEW_PASSWORD,
      verify_new_password: NEW_PASSWORD,
      otp,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; token: string }>();
    expect(body.message).toBe(
      'Your password has been changed. Other devices have been signed out.',
    );
    expect(refreshCookieOf(response)).toBeDefined();

    expect((await currentUser(t.app, body.token)).statusCode).toBe(200);
    expect((await currentUser(t.app, session.token)).statusCode).toBe(403);
    expect((await currentUser(t.app, otherToken)).statusCode).toBe(403);
    expect((await login(t.app, session.email, session.password)).statusCode).toBe(401);
    expect((await login(t.app, session.email, NEW_PASSWORD)).statusCode).toBe(200);
    const notices = await mailsTo(t.app, session.email);
    expect(notices[0]?.subject).toBe('Karta: your karta password was changed');
  });

  it('refuses a wrong current password (401) and a wrong code, changing nothing', async () => {
    const session = await signedInUser(t.app);
    await requestCode(session);
    const otp = await latestCode(t.app, session.email);
    const wrongCurrent = await updatePassword(session, {
      password: 'Not#MyPassword1',
      new_password: NEW_PASSWORD,
      verify_new_password: NEW_PASSWORD,
      otp,
    });
    expect(wrongCurrent.statusCode).toBe(401);
    expect(wrongCurrent.json()).toMatchObject({ errors: [{ field: 'password' }] });
    const wrongCode = await updatePassword(session, {
      password: session.password,
      new_password: NEW_PASSWORD,
      verify_new_password: NEW_PASSWORD,
      otp: otp === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json()).toMatchObject({ errors: [{ field: 'otp' }] });
    expect((await login(t.app, session.email, session.password)).statusCode).toBe(200);
  });

  it('refuses the current password as the new one', async () => {
    const session = await signedInUser(t.app);
    const response = await updatePassword(session, {
      password: session.password,
      new_password: session.password,
      verify_new_password: session.password,
      otp: '123456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [{ field: 'new_password', message: M.NEW_PASSWORD_SAME }],
    });
  });

  it('refuses a common new password, keeping the code and the old password', async () => {
    const session = await signedInUser(t.app);
    await requestCode(session);
    const otp = await latestCode(t.app, session.email);
    const common = await updatePassword(session, {
      password: session.password,
      new_password: 'Password1!',
      verify_new_password: 'Password1!',
      otp,
    });
    expect(common.statusCode, common.body).toBe(400);
    expect(common.json()).toMatchObject({
      errors: [{ field: 'new_password', message: M.PASSWORD_TOO_COMMON }],
    });
    expect((await currentUser(t.app, session.token)).statusCode).toBe(200);
    expect((await login(t.app, session.email, 'Password1!')).statusCode).toBe(401);
    const strong = await updatePassword(session, {
      password: session.password,
      new_password: NEW_PASSWORD,
      verify_new_password: NEW_PASSWORD,
      otp,
    });
    expect(strong.statusCode, strong.body).toBe(200);
  });

  it("only mails codes to the signed-in user's own address", async () => {
    const session = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const response = await requestCode(session, other.email);
    expect(response.statusCode).toBe(403);
  });

  it.each([
    [{ password: '' }, 'password', M.CURRENT_PASSWORD_REQUIRED],
    [{ password: 'short' }, 'password', M.PASSWORD_MIN_SHORT],
    [{ new_password: '' }, 'new_password', M.NEW_PASSWORD_REQUIRED],
    [{ new_password: 'abc' }, 'new_password', M.NEW_PASSWORD_RULES],
    [{ new_password: 'lowercase1!' }, 'new_password', M.NEW_PASSWORD_RULES],
    [{ verify_new_password: '' }, 'verify_new_password', M.CONFIRM_PASSWORD_REQUIRED],
    [
      { verify_new_password: 'Harmattan#Breeze28' },
      'verify_new_password',
      M.PASSWORDS_DO_NOT_MATCH,
    ],
    [{ otp: '12345' }, 'otp', M.OTP_INVALID],
  ])('validates %j', async (overrides, field, message) => {
    const session = await signedInUser(t.app);
    const response = await updatePassword(session, {
      password: session.password,
      new_password: NEW_PASSWORD,
      verify_new_password: NEW_PASSWORD,
      otp: '123456',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors).toContainEqual({ field, message });
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the address has an account', async () => {
    const session = await signedInUser(t.app);
    const known = await post(t.app, '/auth/forgot_password', { email: session.email });
    const unknown = await post(t.app, '/auth/forgot_password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect((await mailsTo(t.app, session.email))[0]?.subject).toBe('Reset your Karta password');
    expect(await mailsTo(t.app, 'ghost@example.com')).toHaveLength(0);
    // Even when the 30-second wait applies, the answer does not change.
    const tooSoon = await post(t.app, '/auth/forgot_password', { email: session.email });
    expect(tooSoon.json()).toEqual(unknown.json());
  });

  it('resets the password with the mailed code and ends every session', async () => {
    const session = await signedInUser(t.app);
    await post(t.app, '/auth/forgot_password', { email: session.email });
    const otp = await latestCode(t.app, session.email);
    const response = await post(t.app, '/auth/reset_password', {
      email: session.email,
      otp,
      new_password: NEW_PASSWORD,
      verify_new_password: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await currentUser(t.app, session.token)).statusCode).toBe(403);
    expect((await login(t.app, session.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a common new password, keeping the code and the old password', async () => {
    const session = await signedInUser(t.app);
    await post(t.app, '/auth/forgot_password', { email: session.email });
    const otp = await latestCode(t.app, session.email);
    const reset = (newPassword: string) =>
      post(t.app, '/auth/reset_password', {
        email: session.email,
        otp,
        new_password: newPassword,
        verify_new_password: newPassword,
      });
    const common = await reset('Password1!');
    expect(common.statusCode, common.body).toBe(400);
    expect(common.json()).toMatchObject({
      errors: [{ field: 'new_password', message: M.PASSWORD_TOO_COMMON }],
    });
    expect((await currentUser(t.app, session.token)).statusCode).toBe(200);
    expect((await login(t.app, session.email, session.password)).statusCode).toBe(200);
    expect((await reset(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an address without an account like a bad code', async () => {
    const response = await post(t.app, '/auth/reset_password', {
      email: 'ghost@example.com',
      otp: '123456',
      new_password: NEW_PASSWORD,
      verify_new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'otp' }] });
  });
});
