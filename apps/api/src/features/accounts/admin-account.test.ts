import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@karta/shared/schemas/users';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { login, mailsTo, register, registerAndConfirm } from '../../../test/accounts';
import { findUserByEmail } from '../../lib/users';
import { ensureAdmin } from './admin-account.service';

const ADMIN_PASSWORD = 'Admin#Karta2026';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function roleAfterLogin(email: string, password: string) {
  const response = await login(t.app, email, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: User }>().data.role;
}

describe('ensureAdmin', () => {
  it('creates an active admin who can sign in, and leaves them alone the next time', async () => {
    const email = 'Ops.Lead@Karta.example';
    const created = await ensureAdmin(t.app.ctx, {
      email,
      password: ADMIN_PASSWORD,
      promoteExisting: false,
    });
    expect(created).toBe('created');

    const row = await findUserByEmail(t.db, email);
    expect(row).toMatchObject({ email: 'ops.lead@karta.example', role: 'admin', status: 'active' });
    expect(row?.verifiedAt).toBeInstanceOf(Date);
    expect(await roleAfterLogin('ops.lead@karta.example', ADMIN_PASSWORD)).toBe('admin');

    const again = await ensureAdmin(t.app.ctx, {
      email: 'ops.lead@karta.example',
      password: 'Different#Pass1',
      promoteExisting: true,
    });
    expect(again).toBe('unchanged');
    // The stored password is not replaced by the one passed the second time.
    expect(await roleAfterLogin('ops.lead@karta.example', ADMIN_PASSWORD)).toBe('admin');
    expect((await login(t.app, 'ops.lead@karta.example', 'Different#Pass1')).statusCode).toBe(401);
  });

  it('promotes an existing user only when asked to', async () => {
    const { payload } = await registerAndConfirm(t.app);
    const options = { email: payload.email, password: ADMIN_PASSWORD };

    expect(await ensureAdmin(t.app.ctx, { ...options, promoteExisting: false })).toBe('unchanged');
    expect(await roleAfterLogin(payload.email, payload.password)).toBe('user');

    expect(await ensureAdmin(t.app.ctx, { ...options, promoteExisting: true })).toBe('promoted');
    // Promotion changes the role, not the password.
    expect(await roleAfterLogin(payload.email, payload.password)).toBe('admin');

    expect(await ensureAdmin(t.app.ctx, { ...options, promoteExisting: true })).toBe('unchanged');
  });
});

describe('registration ignores fields it does not know', () => {
  it('creates a plain user waiting for confirmation, whatever the body claims', async () => {
    const { payload, user } = await register(t.app, {
      role: 'admin',
      status: 'active',
      referral_code_override: 'X',
      kyc_verified: true,
      balance: 1000,
    });
    expect(user.role).toBe('user');
    expect(user.kyc_verified).toBe(false);
    expect(user.referral_code).not.toBe('X');
    expect(user).not.toHaveProperty('balance');

    const row = await findUserByEmail(t.db, payload.email);
    expect(row).toMatchObject({ role: 'user', status: 'pending_verification', kycVerified: false });
    expect(row?.verifiedAt).toBeNull();

    const response = await login(t.app, payload.email, payload.password);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'Please confirm your email first. We have sent a 6-digit code to your inbox.',
    });
    expect(await mailsTo(t.app, payload.email)).toHaveLength(1);
  });
});
