import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  currentUser,
  login,
  mailsTo,
  post,
  signedInUser,
  type Session,
} from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { databaseFingerprint } from '../../../test/database-fingerprint';
import { collectRoutes, exampleRequest, fillUrl } from '../../../test/route-table';
import { auth, signInWithCode, turnOnTotp } from '../../../test/two-factor';
import { loadConfig } from '../../config';

/** The console as production runs it: staff need two-step sign-in. */
const table = collectRoutes();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_TWO_FACTOR: 'required' }, onRoute: table.onRoute });
});
afterAll(() => t.close());

const consoleRoutes = () => table.routes.filter((route) => route.url.startsWith('/api/v1/admin/'));

const overview = (session: Session) =>
  t.app.inject({ method: 'GET', url: '/api/v1/admin/overview', headers: auth(session) });

/** A staff member who has turned two-step sign-in on, signed in with a code. */
async function staffWithTwoStep(role: 'operator' | 'admin') {
  const staff = await signedInOperator(t.app, t.db, role);
  const { secret } = await turnOnTotp(t.app, t.clock, staff);
  return { staff: await signInWithCode(t.app, t.clock, staff, secret), secret };
}

describe('STAFF_TWO_FACTOR', () => {
  it('is required by default in production, optional elsewhere, and can be set either way', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-for-hs256',
      DATABASE_URL: 'postgres://karta@localhost/karta',
      SMTP_URL: 'smtp://localhost:25',
      PAYOUT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_test_two_factor_defaults',
    };
    expect(loadConfig(production).staffTwoFactor).toBe('required');
    expect(loadConfig({ ...production, STAFF_TWO_FACTOR: 'optional' }).staffTwoFactor).toBe(
      'optional',
    );
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: t.app.ctx.config.dataDir }).staffTwoFactor,
    ).toBe('optional');
  });
});

describe('staff without two-step sign-in, under STAFF_TWO_FACTOR=required', () => {
  it('are refused every console route with 403 TWO_FACTOR_REQUIRED, and nothing changes', async () => {
    const operator = await signedInOperator(t.app, t.db, 'operator');
    const admin = await signedInOperator(t.app, t.db, 'admin');
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const before = await databaseFingerprint(t.db);
    for (const staff of [operator, admin]) {
      for (const route of routes) {
        const example = exampleRequest(route);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: fillUrl(route.url) + example.query,
          headers: auth(staff),
          ...(route.method === 'GET' ? {} : { payload: example.body ?? {} }),
        });
        const what = `${route.key} as ${staff === admin ? 'an admin' : 'an operator'}`;
        expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(403);
        expect(bodyOf(response).code, what).toBe('TWO_FACTOR_REQUIRED');
      }
    }
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it('can still set up and turn on two-step sign-in, and then the console opens', async () => {
    const operator = await signedInOperator(t.app, t.db, 'operator');
    expect((await overview(operator)).statusCode).toBe(403);
    const { secret } = await turnOnTotp(t.app, t.clock, operator);
    // The session that turned it on works at once; so does a new sign-in with a code.
    expect((await overview(operator)).statusCode).toBe(200);
    const signedIn = await signInWithCode(t.app, t.clock, operator, secret);
    expect((await overview(signedIn)).statusCode).toBe(200);
  });

  it('a seller is not concerned: the rule is for the console', async () => {
    const seller = await signedInUser(t.app);
    expect((await currentUser(t.app, seller.token)).statusCode).toBe(200);
  });
});

describe("an admin resets an account's two-step sign-in", () => {
  const reset = (
    admin: Session,
    userId: string,
    reason = 'Lost phone; identity checked on a video call',
  ) => post(t.app, `/admin/users/${userId}/reset_two_factor`, { reason }, auth(admin));

  it('a seller’s: audited with the reason, mailed, every session ended; the password alone signs in again', async () => {
    const { staff: admin } = await staffWithTwoStep('admin');
    const seller = await signedInUser(t.app);
    const { secret } = await turnOnTotp(t.app, t.clock, seller);
    const session = await signInWithCode(t.app, t.clock, seller, secret);

    const response = await reset(admin, seller.user.id);
    expect(response.statusCode, response.body).toBe(200);

    // Every session ended: the access token and the refresh cookie.
    expect((await currentUser(t.app, session.token)).statusCode).toBe(403);
    const refresh = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/refresh_token/${seller.user.id}`,
      cookies: { karta_refresh: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(403);

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit?action=user.two_factor_reset`,
      headers: auth(admin),
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(bodyOf<{ data: unknown[] }>(audit).data.data).toEqual([
      expect.objectContaining({
        action: 'user.two_factor_reset',
        target_id: seller.user.id,
        actor: expect.objectContaining({ id: admin.user.id }) as unknown,
        before: { two_factor: true, totp: true, passkeys: 0 },
        after: {
          two_factor: false,
          passkeys: 0,
          reason: 'Lost phone; identity checked on a video call',
        },
      }),
    ]);
    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toMatch(/turned off by karta support/i);

    const signIn = await login(t.app, seller.email, seller.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toHaveProperty('token');

    // Nothing left to reset.
    const again = await reset(admin, seller.user.id);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).code).toBe('ALREADY_DECIDED');
  });

  it('a staff member’s too: their console closes again until they turn it back on', async () => {
    const { staff: admin } = await staffWithTwoStep('admin');
    const { staff: operator } = await staffWithTwoStep('operator');
    expect((await reset(admin, operator.user.id)).statusCode).toBe(200);
    const signIn = await login(t.app, operator.email, operator.password);
    const token = signIn.json<{ token: string }>().token;
    expect((await overview({ ...operator, token })).statusCode).toBe(403);
  });

  it('is for admins only, and never on their own account', async () => {
    const { staff: operator } = await staffWithTwoStep('operator');
    const { staff: admin } = await staffWithTwoStep('admin');
    const seller = await signedInUser(t.app);
    await turnOnTotp(t.app, t.clock, seller);
    expect((await reset(operator, seller.user.id)).statusCode).toBe(403);
    const own = await reset(admin, admin.user.id);
    expect(own.statusCode).toBe(400);
    expect(bodyOf(own).message).toMatch(/your own account/);
  });
});
