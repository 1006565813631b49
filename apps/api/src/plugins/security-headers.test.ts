import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EARLY_DASHBOARD_REQUESTS_SCRIPT,
  QUEUE_EARLY_SUBMIT_SCRIPT,
} from '@karta/shared/inline-scripts';
import { createTestApp, type TestApp } from '../../test/create-test-app';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const HTTPS = { 'x-forwarded-proto': 'https' };

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const response = await direct.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Other helmet headers stay.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is not sent for an X-Forwarded-Proto nobody is trusted to set', async () => {
    const response = await direct.app.inject({ url: '/healthz', headers: HTTPS });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent over HTTPS behind a trusted proxy', async () => {
    const response = await proxied.app.inject({ url: '/healthz', headers: HTTPS });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const plain = await proxied.app.inject({ url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

/** What a browser computes for an inline script's text when it checks the CSP (decision 074). */
const cspHash = (source: string) =>
  `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

describe('Content-Security-Policy script-src', () => {
  it("lets run the web app's two inline scripts, by their hash, and no other inline script", async () => {
    const response = await direct.app.inject({ url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src'));
    // Before: "script-src 'self'", so the browser refused the held-submit script and a guest form
    // pressed before the app's code went out as a GET with the password in the address.
    expect(scriptSrc?.trim().split(/\s+/)).toEqual([
      'script-src',
      "'self'",
      cspHash(QUEUE_EARLY_SUBMIT_SCRIPT),
      cspHash(EARLY_DASHBOARD_REQUESTS_SCRIPT),
    ]);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
