import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../test/free-port';
import {
  expectOneLineFailure,
  holdPort,
  REPO_ROOT,
  runCleanups,
  startKarta,
  stopKarta,
  temporaryDir,
  twoFreePorts,
  waitReady,
} from '../../../test/karta-process';

/**
 * Decision 058 (amending 033): a metrics port another program holds (a newcomer's other
 * checkout held 9464) must not stop `npm start` in development; production still stops with
 * its one line, because there a scraper would read nothing.
 */
afterAll(runCleanups);

/** A free port that is neither of `taken`. */
async function anotherFreePort(taken: readonly number[]) {
  let port = await findFreePort();
  while (taken.includes(port)) port = await findFreePort();
  return port;
}

describe('a metrics port already in use', () => {
  it('in development, moves metrics to a free port and says so in one warning line', async () => {
    const [port, pgPort] = await twoFreePorts();
    const metricsPort = await anotherFreePort([port, pgPort]);
    await holdPort(metricsPort);
    const karta = startKarta(REPO_ROOT, {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: temporaryDir('karta-metrics-port-data-'),
      METRICS_PORT: String(metricsPort),
      SEED_DEMO: 'false',
    });
    await waitReady(karta);

    const lines = karta
      .stdout()
      .split('\n')
      .filter((line) => line.includes('metrics'));
    expect(lines, karta.stdout()).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}') as { level?: number; msg?: string };
    // Pino's warn level: which port was taken, where metrics are now, how to choose.
    expect(line.level).toBe(40);
    const moved = new RegExp(
      `port ${metricsPort} is already in use.*http://127\\.0\\.0\\.1:(\\d+)/metrics.*METRICS_PORT=<port>`,
    ).exec(line.msg ?? '');
    expect(moved, line.msg).not.toBeNull();
    const response = await fetch(`http://127.0.0.1:${moved?.[1] ?? ''}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('http_requests_total');
    await stopKarta(karta);
  }, 90_000);

  it('in production, stops the start with one line, before opening the database', async () => {
    const [port, metricsPort] = await twoFreePorts();
    await holdPort(metricsPort);
    const karta = startKarta(REPO_ROOT, {
      NODE_ENV: 'production',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      // What production requires to start at all; nothing here is reached.
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      DATABASE_URL: 'postgres://karta@127.0.0.1:1/karta',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PAYOUT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_test_not_a_real_key',
      DATA_DIR: temporaryDir('karta-metrics-port-data-'),
    });
    await expectOneLineFailure(
      karta,
      new RegExp(
        `port ${metricsPort} \\(metrics\\) is already in use by another program.*METRICS_PORT=<port>`,
      ),
    );
  }, 90_000);
});
