import { SignJWT, decodeJwt } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInUser, type Session } from '../accounts';
import { signedInOperator } from '../catalog';
import { createTestApp } from '../create-test-app';
import { databaseFingerprint } from '../database-fingerprint';
import { collectRoutes, exampleRequest, fillUrl, junkQuery, type RouteEntry } from '../route-table';

/** The tests run outside production, where API_DOCS defaults to `public`. */
const API_REFERENCE =
  'the API reference, registered only with API_DOCS=public: the default in development, off in production (decision 050)';

/**
 * Routes anyone may call, each with the reason. Every other route must refuse a caller without
 * a valid token with 403: a new route that forgets its guard fails below until it is guarded or
 * listed here with a reason.
 */
const PUBLIC: Record<string, string> = {
  'GET /healthz': 'liveness probe for the load balancer',
  'GET /readyz': 'readiness probe for the load balancer',
  'POST /api/v1/auth/register': 'the way in',
  'POST /api/v1/auth/account_otp_verification': 'proves the caller by the mailed code and password',
  'POST /api/v1/auth/login': 'proves the caller by the password',
  'POST /api/v1/auth/login/two_factor':
    'proves the caller by the challenge a right password gave and a code from their authenticator',
  'POST /api/v1/auth/passkey/options':
    'a single-use challenge to sign in with a passkey; names no account, throttled per address',
  'POST /api/v1/auth/passkey/login':
    'proves the caller by a signature from a passkey the account added, over a live challenge',
  'POST /api/v1/auth/forgot_password': 'mails a code to the address, answers the same either way',
  'POST /api/v1/auth/reset_password': 'proves the caller by the mailed code',
  'POST /api/v1/auth/accept_invitation': 'proves the invitee by the mailed invitation code',
  'GET /api/v1/user/request_otp':
    'signed out it resends a confirmation code; a token, if sent, must be valid',
  'POST /api/v1/user/reactivate_account':
    'proves the caller by the password (a deactivated account has no session)',
  'GET /api/v1/app/config': 'public settings the web app needs before sign-in',
  'GET /api/v1/card/admin_get_gift_card':
    'the catalog is public (rate calculator on the home page)',
  'GET /api/v1/card/get_gift_card_category/:catId': 'the catalog is public',
  'GET /api/v1/card/rate_history/:subcategoryId': 'the catalog is public',
  'GET /api/v1/card/art/:file': 'card art shown on public pages',
  'GET /api/v1/card/image/:file': 'card images shown on public pages',
  'GET /api/v1/trade/images/:id':
    'the signed, expiring link is the credential (img tags send no header)',
  'GET /api/v1/trade/rejection_proofs/:id':
    'the signed, expiring link is the credential (img tags send no header)',
  'GET /api/v1/user/kyc_document_images/:id':
    'the signed, 10-minute link is the credential (img tags send no header); only the owner and staff are given one',
  'GET /api/v1/support/photos/:id':
    'the signed, expiring link is the credential (img tags send no header); only the conversation’s seller and staff are given one',
  'POST /api/v1/webhooks/:provider': "the provider's signature is the credential",
  'POST /api/v1/trade_claims/release':
    'a closing review page’s beacon carries no session: the claim’s single-use release token in the body is the credential, good only for that claim (decision 072)',
  'POST /api/v1/kyc_claims/release':
    'a closing KYC review page’s beacon carries no session: the claim’s single-use release token in the body is the credential, good only for that claim (decision 078)',
  'POST /api/v1/support_claims/release':
    'a closing support conversation page’s beacon carries no session: the claim’s single-use release token in the body is the credential, good only for that claim (decision 078)',
  'GET /dev/mail': 'development only: not registered in production',
  'GET /dev/mail/view': 'development only: not registered in production',
  'GET /api/docs': API_REFERENCE,
  'GET /api/docs/json': API_REFERENCE,
  'GET /api/docs/yaml': API_REFERENCE,
  'GET /api/docs/static/*': API_REFERENCE,
  'GET /api/docs/static/index.html': API_REFERENCE,
  'GET /api/docs/static/swagger-initializer.js': API_REFERENCE,
  'GET /index.html': 'the web app',
  'GET /routes.json': 'the web app’s own addresses, as its public bundle already lists them',
  'GET /sw.js': 'the service worker is the web app’s code, public like its bundle',
  'GET /manifest.webmanifest': 'the install manifest names the app and its icons',
};

/** Operator console routes an operator may not call: only an admin (requireRole('admin')). */
const ADMIN_ONLY: Record<string, string> = {
  'GET /api/v1/admin/staff': 'the staff desk is for admins (decision 027)',
  'POST /api/v1/admin/staff/invitations': 'inviting staff is an admin’s call (decision 027)',
  'POST /api/v1/admin/staff/:id/resend_invitation':
    'inviting staff is an admin’s call (decision 027)',
  'POST /api/v1/admin/staff/:id/role':
    'roles are managed by admins (docs/ARCHITECTURE.md#domain-rules, decision 027)',
  'POST /api/v1/admin/staff/:id/remove':
    'roles are managed by admins (docs/ARCHITECTURE.md#domain-rules, decision 027)',
  'POST /api/v1/admin/staff/:id/confirm_invitation':
    'a second admin vouches for an invited person (decision 049)',
  'POST /api/v1/admin/trades/:id/adjust':
    'crediting above the expected value needs an admin and a reason (docs/threat-model.md)',
  'POST /api/v1/admin/trades/:id/adjustments/:adjustment_id/confirm':
    'the second pair of eyes on an admin’s adjustment is another admin (decision 049)',
  'POST /api/v1/admin/trades/:id/adjustments/:adjustment_id/return':
    'deciding an admin’s adjustment is an admin’s call (decision 049)',
  'POST /api/v1/admin/withdrawals/:id/fail':
    'returning a payout’s money by hand overrides the provider: an admin’s call (decision 019)',
  'POST /api/v1/admin/payout_alerts/:id/resolve':
    'closing a paid-twice alert says the money is dealt with: an admin’s call (decision 022)',
  'GET /api/v1/admin/audit':
    'the trail is how admins oversee what operators did: for admins (decision 028)',
  'GET /api/v1/admin/reports/daily':
    'the books show the business’s money as a whole: for admins (decision 026)',
  'POST /api/v1/admin/users/:id/reset_two_factor':
    'turning off someone’s second factor opens their account to a password alone: an admin’s call (decision 061)',
  'POST /api/v1/admin/users/:id/lower_kyc_tier':
    'lowering a tier cuts what a seller may withdraw, after a review: an admin’s call (decision 063)',
};

const ADMIN_PREFIX = '/api/v1/admin/';

/** Counted by the per-IP limit, and never kept by a cache (plugins/rate-limit.ts, no-store.ts). */
const LIMITED = /^\/(api|dev)\//;
const PRIVATE = /^\/(api\/v1|dev)\//;

/**
 * The same path with the first character of every segment percent-encoded (`/%61pi/%761/...`):
 * the router decodes it and takes the same route, so every answer must be the same as well.
 */
const encodedSpelling = (path: string) =>
  path
    .split('/')
    .map((segment) =>
      segment === ''
        ? segment
        : `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}`,
    )
    .join('/');

/** Headers that differ between any two answers: the time, the request's id, the count left. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
const comparableHeaders = (response: LightMyRequestResponse) =>
  Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PER_ANSWER.has(name)));

const table = collectRoutes();
const t = await createTestApp({ onRoute: table.onRoute });
afterAll(() => t.close());

const guardedRoutes = table.routes.filter((route) => !(route.key in PUBLIC));
const userIdRoutes = table.routes.filter((route) => route.url.includes(':user_id'));
const operatorRoutes = table.routes.filter((route) => route.url.startsWith(ADMIN_PREFIX));
/** Money calls (docs/ARCHITECTURE.md#api-conventions): their headers schema names the Idempotency-Key. */
const keyedRoutes = table.routes.filter((route) => {
  const headers: unknown = route.schema?.headers;
  return headers instanceof z.ZodObject && 'idempotency-key' in headers.shape;
});

let alice: Session;
let bob: Session;
let operator: Session;
let admin: Session;
beforeAll(async () => {
  alice = await signedInUser(t.app);
  bob = await signedInUser(t.app);
  operator = await signedInOperator(t.app, t.db, 'operator');
  admin = await signedInOperator(t.app, t.db, 'admin');
});

interface Credentials {
  headers: Record<string, string>;
  cookies: Record<string, string>;
}

const NO_CREDENTIALS: Credentials = { headers: {}, cookies: {} };
const credentialsOf = (session: Session): Credentials => ({
  headers: { authorization: session.token },
  cookies: { karta_refresh: session.refreshToken },
});

/** Alice's real claims, unsigned (alg none) and signed with a key that is not ours. */
async function forgedCredentials(): Promise<Credentials[]> {
  const claims = decodeJwt(alice.token);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
  const wrongKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-for-hs256'));
  return [
    { headers: { authorization: 'garbage' }, cookies: { karta_refresh: 'garbage' } },
    { headers: { authorization: unsigned }, cookies: {} },
    { headers: { authorization: `Bearer ${wrongKey}` }, cookies: {} },
  ];
}

/**
 * Two requests per call: one with a plausible body and query from the route's schema (so a
 * missing guard would let it through and change something), one with junk (so the guard must
 * run before validation: a stranger learns nothing from a 400).
 */
async function callBoth(
  route: RouteEntry,
  credentials: Credentials,
  params: Record<string, string> = {},
): Promise<LightMyRequestResponse[]> {
  const example = exampleRequest(route);
  const path = fillUrl(route.url, params);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const variants = [
    { url: path + example.query, payload: example.body ?? {} },
    { url: path + junkQuery(route), payload: [] },
  ];
  const responses: LightMyRequestResponse[] = [];
  for (const variant of variants) {
    responses.push(
      await t.app.inject({
        method: route.method as 'GET',
        url: variant.url,
        headers: credentials.headers,
        cookies: credentials.cookies,
        ...(hasBody ? { payload: variant.payload } : {}),
      }),
    );
  }
  return responses;
}

function expectRefused(responses: LightMyRequestResponse[], what: string) {
  for (const response of responses) {
    expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(403);
    expect(response.json()).toMatchObject({ status: 'error' });
  }
}

/** Runs the calls and checks that no row of any table changed. */
async function expectNothingChanged(run: () => Promise<void>) {
  const before = await databaseFingerprint(t.db);
  await run();
  expect(await databaseFingerprint(t.db)).toEqual(before);
}

describe('the route table', () => {
  it('is read from the app, and the lists name routes that exist', () => {
    expect(table.routes.length).toBeGreaterThan(40);
    expect(userIdRoutes.length).toBeGreaterThan(10);
    expect(operatorRoutes.length).toBeGreaterThan(5);
    const keys = new Set(table.routes.map((route) => route.key));
    for (const key of [...Object.keys(PUBLIC), ...Object.keys(ADMIN_ONLY)]) {
      expect(keys, `${key} is listed but not registered`).toContain(key);
    }
    for (const key of Object.keys(PUBLIC)) {
      expect(key.includes(ADMIN_PREFIX) || key.includes(':user_id'), key).toBe(false);
    }
  });
});

describe('every route answers a percent-encoded spelling of its path as the plain one', () => {
  it.each(table.routes.map((route) => [route.key, route] as const))('%s', async (key, route) => {
    const path = fillUrl(route.url);
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    // No credentials and an empty body: answered the same (a guard's 403, a 400, the page)
    // without changing anything, so the two calls can be compared.
    const call = (url: string) =>
      t.app.inject({ method: route.method as 'GET', url, ...(hasBody ? { payload: [] } : {}) });
    const plain = await call(path);
    const encoded = await call(encodedSpelling(path));

    expect(encoded.statusCode, `${key}: ${encoded.body.slice(0, 200)}`).toBe(plain.statusCode);
    // Every header, the security headers and Cache-Control included, is the same.
    expect(comparableHeaders(encoded), key).toEqual(comparableHeaders(plain));
    expect(plain.headers['content-security-policy'], key).toBeDefined();
    expect(plain.headers['x-content-type-options'], key).toBe('nosniff');
    if (PRIVATE.test(route.url)) expect(plain.headers['cache-control'], key).toBe('no-store');
    if (LIMITED.test(route.url)) {
      // Both counted, against one count: the second call has one request fewer left.
      expect(plain.headers['x-ratelimit-limit'], key).toBe(String(t.app.ctx.config.rateLimitMax));
      const left = (response: LightMyRequestResponse) =>
        Number(response.headers['x-ratelimit-remaining']);
      expect(left(encoded), key).toBe(left(plain) - 1);
    } else {
      expect(plain.headers['x-ratelimit-limit'], key).toBeUndefined();
    }
  });
});

describe('the OpenAPI document', () => {
  it('names the credential of every API route outside the public list', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<string, Record<string, { security?: unknown[] } | undefined> | undefined>;
    }>();
    const undocumented = guardedRoutes
      .filter((route) => route.url.startsWith('/api/v1/'))
      .filter((route) => {
        const path = route.url.replace(/:(\w+)/g, '{$1}');
        return !document.paths[path]?.[route.method.toLowerCase()]?.security?.length;
      })
      .map((route) => route.key);
    expect(undocumented).toEqual([]);
  });
});

describe('every route outside the public list refuses a caller without a valid token', () => {
  it.each(guardedRoutes.map((route) => [route.key, route] as const))('%s', async (_key, route) => {
    const forged = await forgedCredentials();
    await expectNothingChanged(async () => {
      for (const credentials of [NO_CREDENTIALS, ...forged]) {
        expectRefused(await callBoth(route, credentials), route.key);
      }
    });
  });
});

describe("every {user_id} route refuses another user's id", () => {
  it.each(userIdRoutes.map((route) => [route.key, route] as const))('%s', async (_key, route) => {
    await expectNothingChanged(async () => {
      const responses = await callBoth(route, credentialsOf(alice), { user_id: bob.user.id });
      expectRefused(responses, `${route.key} as alice on bob`);
    });
  });
});

describe('every operator route refuses a plain user', () => {
  it.each(operatorRoutes.map((route) => [route.key, route] as const))('%s', async (_key, route) => {
    await expectNothingChanged(async () => {
      expectRefused(await callBoth(route, credentialsOf(alice)), `${route.key} as a user`);
    });
  });
});

describe('admin-only routes refuse an operator, and only those', () => {
  it.each(operatorRoutes.map((route) => [route.key, route] as const))('%s', async (key, route) => {
    if (key in ADMIN_ONLY) {
      await expectNothingChanged(async () => {
        expectRefused(await callBoth(route, credentialsOf(operator)), `${key} as an operator`);
      });
      return;
    }
    const [response] = await callBoth(route, credentialsOf(operator));
    expect(
      response?.statusCode,
      `${key} refuses an operator: if it is meant for admins only, list it in ADMIN_ONLY`,
    ).not.toBe(403);
  });
});

describe('every money call that takes an Idempotency-Key refuses a call without one', () => {
  it('covers the money calls', () => {
    expect(keyedRoutes.map((route) => route.key)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/transaction/withdrawal_request/:user_id',
        'POST /api/v1/admin/trades/:id/adjust',
        'POST /api/v1/admin/withdrawals/:id/fail',
      ]),
    );
  });

  it.each(keyedRoutes.map((route) => [route.key, route] as const))('%s', async (key, route) => {
    // The caller the route is for: the user on their own id, or an admin.
    const caller = route.url.includes(':user_id') ? alice : admin;
    const example = exampleRequest(route);
    await expectNothingChanged(async () => {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: fillUrl(route.url, { user_id: caller.user.id }) + example.query,
        headers: { authorization: caller.token },
        payload: example.body ?? {},
      });
      expect(response.statusCode, `${key}: ${response.body.slice(0, 300)}`).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(
        /^Send an Idempotency-Key header/,
      );
    });
  });
});

describe('the live stream (GET /api/v1/events, decision 069)', () => {
  it('takes its credential from the Authorization header only, never from the URL', async () => {
    for (const name of ['token', 'access_token', 'authorization']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/events?${name}=${encodeURIComponent(alice.token)}`,
      });
      expect(response.statusCode, name).toBe(403);
    }
  });
});
