import type { OwnSession } from '@karta/shared/schemas/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, login, refreshCookieOf, signedInUser, type Session } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The same account signed in again, as another device would. */
async function secondDevice(session: Session): Promise<Session> {
  const response = await login(t.app, session.email, session.password);
  expect(response.statusCode, response.body).toBe(200);
  return {
    ...session,
    token: response.json<{ token: string }>().token,
    refreshToken: refreshCookieOf(response) ?? '',
  };
}

const devicesOf = (session: Session, userId = session.user.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/sessions/${userId}`,
    headers: { authorization: session.token },
  });

const endDevice = (session: Session, sessionId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/user/sessions/end/${session.user.id}`,
    headers: { authorization: session.token },
    payload: { session_id: sessionId },
  });

const refresh = (session: Session) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/user/refresh_token/${session.user.id}`,
    cookies: { karta_refresh: session.refreshToken },
    headers: { 'sec-fetch-site': 'same-origin' },
  });

describe('signed-in devices (decision 075)', () => {
  it('lists the account’s sign-ins, marks the asking one, and signs one out leaving the others', async () => {
    const phone = await signedInUser(t.app);
    const laptop = await secondDevice(phone);

    const listed = await devicesOf(laptop);
    expect(listed.statusCode, listed.body).toBe(200);
    const devices = bodyOf<OwnSession[]>(listed).data;
    expect(devices).toHaveLength(2);
    expect(devices.filter((device) => device.is_current)).toHaveLength(1);
    const phoneSession = devices.find((device) => !device.is_current);
    if (!phoneSession) throw new Error('no other device');
    expect(phoneSession).toMatchObject({ device: 'web' });

    const ended = await endDevice(laptop, phoneSession.id);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(bodyOf(ended).message).toBe(
      'That device is signed out. Your other devices stay signed in.',
    );
    // The phone can no longer refresh; the laptop goes on.
    expect((await refresh(phone)).statusCode).toBe(403);
    expect((await refresh(laptop)).statusCode).toBe(200);
    const after = bodyOf<OwnSession[]>(await devicesOf(laptop)).data;
    expect(after.map((device) => device.is_current)).toEqual([true]);

    // Again, or someone else's: not found, and nothing changes.
    expect((await endDevice(laptop, phoneSession.id)).statusCode).toBe(404);
    const stranger = await signedInUser(t.app);
    const [laptopSession] = after;
    expect((await endDevice(stranger, laptopSession?.id ?? '')).statusCode).toBe(404);
    expect((await devicesOf(stranger, laptop.user.id)).statusCode).toBe(403);
  });
});
