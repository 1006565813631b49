import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { post, signedInUser, type Session } from '../../../test/accounts';

let t: TestApp;
let alice: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.app);
  bob = await signedInUser(t.app);
});
afterAll(() => t.close());

/** Every `{user_id}` route, with a body that would succeed for the owner. */
const ROUTES = [
  [
    'update_password',
    () => ({
      password: alice.password,
      new_password: 'Other#Pass123',
      verify_new_password: 'Other#Pass123',
      otp: '123456',
    }),
  ],
  ['update_pin', () => ({ password: alice.password, pin: '1234', verify_pin: '1234' })],
  ['deactivate_account', () => ({ password: alice.password })],
  ['delete_account', () => ({ password: alice.password })],
] as const;

describe('{user_id} routes refuse other users', () => {
  it.each(ROUTES)('%s answers 403 for another user id and changes nothing', async (path, body) => {
    const response = await post(t.app, `/user/${path}/${bob.user.id}`, body(), {
      authorization: alice.token,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'You can only act on your own account.',
    });
    const bobStill = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/current_user',
      headers: { authorization: bob.token },
    });
    expect(bobStill.statusCode).toBe(200);
    expect(bobStill.json()).toMatchObject({ data: { has_pin: false } });
  });

  it.each(ROUTES)('%s answers 403 for a made-up id and without a token', async (path, body) => {
    const madeUp = await post(t.app, `/user/${path}/not-a-uuid`, body(), {
      authorization: alice.token,
    });
    expect(madeUp.statusCode).toBe(403);
    const anonymous = await post(t.app, `/user/${path}/${alice.user.id}`, body());
    expect(anonymous.statusCode).toBe(403);
  });

  it('refresh_token refuses a cookie for another user id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/refresh_token/${bob.user.id}`,
      cookies: { karta_refresh: alice.refreshToken },
    });
    expect(response.statusCode).toBe(403);
  });
});
