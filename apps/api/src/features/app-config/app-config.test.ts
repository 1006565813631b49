import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SUPPORT_EMAIL: 'help@karta.ng', SUPPORT_PHONE: '+234 800 123 4567' },
  });
});
afterAll(() => t.close());

it('GET /app/config answers the configured support contacts', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    status: 'success',
    message: 'App configuration',
    data: { support_email: 'help@karta.ng', support_phone: '+234 800 123 4567' },
  });
});
