import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../../test/free-port';
import { createTestApp } from '../../test/create-test-app';
import { getRaw } from '../../test/raw-http';

describe('the per-IP request limit', () => {
  it('counts every spelling of an API path, refused and unknown ones too, against one limit, and no web app file', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MAX: '5' } });
    try {
      const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
      // Over a real socket: the targets reach the app exactly as written here.
      const targets = [
        '/api/v1/app/config',
        '/%61pi/v1/app/config', // percent-encoded: the router decodes it to the same route
        `http://127.0.0.1/api/v1/app/config`, // absolute-form, which the router accepts too
        `/api/v1/transaction/wallet/${randomUUID()}`, // no token: the guard refuses it (403)
        '/api/v1/./no/such/route', // no route: a 404 under /api/
        '/%61pi/v1/app/config',
      ];
      const answers = [];
      for (const target of targets) {
        const answer = await getRaw(origin, target);
        answers.push([target, answer.status, answer.headers['x-ratelimit-remaining'] ?? null]);
      }
      expect(answers).toEqual([
        ['/api/v1/app/config', 200, '4'],
        ['/%61pi/v1/app/config', 200, '3'],
        ['http://127.0.0.1/api/v1/app/config', 200, '2'],
        [targets[3], 403, '1'],
        ['/api/v1/./no/such/route', 404, '0'],
        ['/%61pi/v1/app/config', 429, '0'],
      ]);
      // The web app's own files are not counted: one page load fetches a dozen.
      const page = await getRaw(origin, '/index.html');
      expect(page.status).toBe(200);
      expect(page.headers['x-ratelimit-limit']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('a client that hangs up', () => {
  it('leaves no TypeError in the log when the socket is gone before the limit runs', async () => {
    const t = await createTestApp();
    try {
      const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = Number(new URL(origin).port);
      // What a page load does when it aborts fetches: the request sent, the socket reset.
      for (let sent = 0; sent < 30; sent += 1) {
        await new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write('GET /api/v1/app/config HTTP/1.1\r\nHost: localhost\r\n\r\n');
            socket.resetAndDestroy();
            resolve();
          });
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const failures = t.logs.filter((line) => /TypeError|"level":5\d/.test(line));
      expect(failures.map((line) => line.slice(0, 200))).toEqual([]);
      // And the next visitor is answered and counted as before.
      const answer = await getRaw(origin, '/api/v1/app/config');
      expect(answer.status).toBe(200);
      expect(answer.headers['x-ratelimit-remaining']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

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
