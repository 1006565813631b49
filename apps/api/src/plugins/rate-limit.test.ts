import { describe, expect, it } from 'vitest';
import { findFreePort } from '../lib/free-port';
import { createTestApp } from '../test/create-test-app';

describe('the request limit with Redis away', () => {
  it('answers at once without the limit, and says so once in the log', async () => {
    const t = await createTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${String(await findFreePort())}`, RATE_LIMIT_MAX: '1' },
    });
    try {
      const statuses: number[] = [];
      const started = Date.now();
      for (let i = 0; i < 3; i += 1) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/v1/card/admin_get_gift_card',
        });
        statuses.push(response.statusCode);
      }
      // Not limited (the count cannot be kept), not refused, and not waiting on Redis.
      expect(statuses).toEqual([200, 200, 200]);
      expect(Date.now() - started).toBeLessThan(3000);
      const warnings = t.logs.filter((line) => line.includes('request limit store unreachable'));
      expect(warnings).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
