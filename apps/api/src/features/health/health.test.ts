import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and the HTTP frame', () => {
  it('answers /healthz and /readyz from a live database', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'success', message: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'success', message: 'ready' });
  });

  it('serves the web app for deep links (history fallback)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/dashboard/settings/account/edit-profile',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers an address the app has no page for with the app and HTTP 404', async () => {
    const page = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    for (const url of ['/no-such-page', '/dashboard/settings/nope', '/console/trades/a/b']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      // The app itself, which shows its "not found" page, not a JSON error.
      expect(response.body, url).toContain('<div id="root">');
    }
    // A pattern's `:id` is any one segment; a trailing slash and letter case do not matter.
    for (const url of ['/console/trades/KT-123', '/home/', '/Home', '/']) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
  });

  it('answers unknown API paths with a 404 envelope, not the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'No route for GET /api/v1/no/such/thing.',
      errors: [{ field: null, message: 'No route for GET /api/v1/no/such/thing.' }],
    });
  });

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'The request body is not valid JSON.',
    });
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ first_name: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'The request body is too large.',
    });
  });

  it('answers a body that is not a JSON object with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'The request body must be a JSON object.',
    });
  });

  it('answers unsupported content types with a 415 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'This content type is not supported. Send JSON.',
    });
  });

  it('describes itself as OpenAPI 3 with every account route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/register',
        '/api/v1/auth/login',
        '/api/v1/user/refresh_token/{user_id}',
        '/api/v1/user/update_pin/{user_id}',
      ]),
    );
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Worked out once at start: the whole set helmet sets, on every answer, HSTS aside (HTTP).
    for (const name of [
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]) {
      expect(response.headers[name], name).toBeTruthy();
    }
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(other.headers['content-security-policy']).toBe(
      response.headers['content-security-policy'],
    );
  });
});

describe('static files and limits', () => {
  it('answers a missing asset with 404, not the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('serves the service worker and the manifest, asked for again on every visit', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const csp = String(manifest.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('does not count page loads against the API request limit', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      for (let i = 0; i < 6; i += 1) {
        const page = await limited.app.inject({ method: 'GET', url: '/home' });
        expect(page.statusCode).toBe(200);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/api/v1/app/config' })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
