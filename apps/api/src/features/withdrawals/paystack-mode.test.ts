import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPaystackBody } from '../../adapters/payouts/paystack';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

const SECRET = 'sk_test_karta_paystack_mode_0001';

describe('PAYOUT_PROVIDER=paystack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PAYOUT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: SECRET,
        // Nothing listens here: these tests never reach Paystack itself.
        PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(() => t.close());

  it('needs the secret key, and is the only provider production accepts', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAYOUT_PROVIDER: 'paystack' })).toThrow(
      'PAYSTACK_SECRET_KEY is required when PAYOUT_PROVIDER=paystack',
    );
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(48),
      DATABASE_URL: 'postgres://localhost:5432/karta',
      SMTP_URL: 'smtp://127.0.0.1:1',
    };
    expect(() => loadConfig(production)).toThrow(
      'PAYOUT_PROVIDER=paystack (with PAYSTACK_SECRET_KEY) is required in production',
    );
    expect(
      loadConfig({ ...production, PAYOUT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: SECRET })
        .payouts.provider,
    ).toBe('paystack');
  });

  it('uses the Paystack adapter, and takes webhooks signed with the secret key at /webhooks/paystack', async () => {
    expect(t.app.ctx.payouts.name).toBe('paystack');
    expect(t.app.ctx.sandbox).toBeNull();
    const body = Buffer.from(
      JSON.stringify({
        event: 'transfer.success',
        data: { reference: 'wd_unknown0000000', status: 'success' },
      }),
    );
    const post = (url: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-paystack-signature': signature } : {}),
        },
      });
    expect(
      (await post('/api/v1/webhooks/paystack', signPaystackBody(SECRET, body))).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/v1/webhooks/paystack', signPaystackBody('sk_other', body))).statusCode,
    ).toBe(401);
    expect((await post('/api/v1/webhooks/paystack')).statusCode).toBe(401);
    expect(
      (await post('/api/v1/webhooks/sandbox', signPaystackBody(SECRET, body))).statusCode,
    ).toBe(404);
  });
});
