import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
