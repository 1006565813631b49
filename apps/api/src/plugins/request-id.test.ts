import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  msg?: string;
  reqId?: string;
  status?: number;
}
const linesSince = (from: number) => t.logs.slice(from).map((line) => JSON.parse(line) as LogLine);

describe('X-Request-Id', () => {
  it('comes back on a 200, a 404 and a 400, a fresh one each time', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing' }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 400]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps a sane incoming id, so one id follows the request from the load balancer', async () => {
    const id = 'lb-7f3a:2026.11.25_0001';
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': id },
    });
    expect(response.headers['x-request-id']).toBe(id);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with a space', 'abc def'],
    ['with markup', '<script>'],
    ['with a newline escape', 'abc%0d%0aSet-Cookie:x'],
    ['empty', ''],
  ])('replaces an incoming id %s with its own', async (_case, incoming) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': incoming },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('comes back on a rate-limited answer', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '1' } });
    try {
      await limited.app.inject({ method: 'GET', url: '/api/v1/app/config' });
      const refused = await limited.app.inject({
        method: 'GET',
        url: '/api/v1/app/config',
        headers: { 'x-request-id': 'retry-42' },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['x-request-id']).toBe('retry-42');
    } finally {
      await limited.close();
    }
  });
});

/** A request body sent part by part, 50 ms apart. */
function slowly(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const part = parts.shift();
      if (part === undefined) {
        controller.close();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.enqueue(encoder.encode(part));
    },
  });
}

describe('the request id in the log', () => {
  it('is on the line of a failing request, once', async () => {
    const logsBefore = t.logs.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-request-id': 'failing-login-1' },
      payload: { email: 'not an address' },
    });
    expect(response.statusCode).toBe(400);
    const requestLines = t.logs.slice(logsBefore).filter((line) => line.includes('"request"'));
    expect(requestLines).toHaveLength(1);
    expect(JSON.parse(requestLines[0] ?? '{}')).toMatchObject({
      msg: 'request',
      status: 400,
      reqId: 'failing-login-1',
    });
    expect(requestLines[0]?.match(/"reqId"/g)).toHaveLength(1);
  });

  it('is on a line a service writes through the app’s logger while handling the request', async () => {
    // Over a real socket, the body sent in two parts with a pause between: its second part
    // arrives on the socket's own events, outside the context the request's hooks ran in.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const logsBefore = t.logs.length;
    const body = JSON.stringify(registration());
    const half = Math.floor(body.length / 2);
    const response = await fetch(`${address}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'register-7' },
      body: slowly([body.slice(0, half), body.slice(half)]),
      duplex: 'half',
    });
    expect(response.status, await response.text()).toBe(201);
    // The outbox mailer logs through the app's logger, not the request's: the id comes along.
    const mailLine = linesSince(logsBefore).find(
      (line) => line.msg === 'mail stored in the outbox',
    );
    expect(mailLine?.reqId).toBe('register-7');
  });

  it('is not on a line written outside any request', () => {
    const logsBefore = t.logs.length;
    t.app.log.info('between requests');
    const lines = linesSince(logsBefore);
    expect(lines.map((line) => line.msg)).toEqual(['between requests']);
    expect(lines[0]).not.toHaveProperty('reqId');
  });
});
