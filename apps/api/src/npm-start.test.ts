import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning } from './db/data-folder';
import {
  afterTests,
  cloneInto,
  isPortFree,
  pidInFile,
  postmasterOf,
  REPO_ROOT,
  runCleanups,
  startKarta,
  temporaryDir,
  twoFreePorts,
  waitReady,
} from '../test/karta-process';

/**
 * Decision 058: SIGTERM sent to the `npm start` process (a process manager's stop, a terminal's
 * `kill <pid>`) stops the server and its PostgreSQL. npm hands the signal to the script's shell
 * only; the start script's `exec` makes the server that process.
 */
afterAll(runCleanups);

/** How long the server may take to stop both itself and PostgreSQL. */
const STOP_MS = 20_000;

/**
 * A clone whose package.json has this repository's start script as it is, and, for its build
 * step, the API's build alone: the web app's takes a minute, and the server is given a
 * stand-in page.
 */
function cloneWithStartScript(root: string) {
  cloneInto(root);
  const ours = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const scripts = { start: ours.scripts.start, build: 'cd apps/api && node build.mjs' };
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'karta', private: true, type: 'module', scripts }),
  );
}

describe('npm start', () => {
  it('stops the server and its PostgreSQL on SIGTERM to the npm process, and frees the ports', async () => {
    const root = temporaryDir('karta-npm-start-');
    cloneWithStartScript(root);
    const dataDir = temporaryDir('karta-npm-start-data-');
    const [port, pgPort] = await twoFreePorts();
    const npm = startKarta(
      root,
      {
        // npm keeps its cache and settings under HOME.
        HOME: homedir(),
        PORT: String(port),
        EMBEDDED_PG_PORT: String(pgPort),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
      },
      ['npm', 'start'],
    );
    await waitReady(npm);
    const server = pidInFile(path.join(dataDir, 'karta.pid'));
    const postgres = postmasterOf(dataDir);
    if (server === undefined || postgres === undefined) {
      throw new Error(`no server or PostgreSQL pid in ${dataDir}`);
    }
    expect(server).not.toBe(npm.child.pid);
    // Decision 055: the server npm started runs on the Node 24 the lockfile installed (npm puts
    // node_modules/.bin first on the script's PATH), whatever Node runs npm itself.
    const binary = readlinkSync(`/proc/${String(server)}/exe`);
    expect(execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim(), binary).toBe(
      process.version,
    );
    expect(process.version).toMatch(/^v24\./);
    // Should the server outlive npm, it must not outlive the test (it stops its PostgreSQL).
    afterTests(async () => {
      if (!isRunning(server)) return;
      process.kill(server, 'SIGTERM');
      const deadline = Date.now() + STOP_MS;
      while (isRunning(server) && Date.now() < deadline) await sleep(100);
    });

    // The npm process alone, as `kill <pid>` sends it: not its process group.
    const npmPid = npm.child.pid;
    if (npmPid === undefined) throw new Error('npm did not start');
    process.kill(npmPid, 'SIGTERM');
    const deadline = Date.now() + STOP_MS;
    while ((isRunning(server) || isRunning(postgres)) && Date.now() < deadline) await sleep(100);
    expect(
      { server: isRunning(server), postgres: isRunning(postgres) },
      npm.stdout() + npm.stderr(),
    ).toEqual({ server: false, postgres: false });
    await Promise.race([npm.exited, sleep(STOP_MS)]);
    expect(npm.child.exitCode, npm.stderr()).toBe(0);
    expect(await isPortFree(port)).toBe(true);
    expect(await isPortFree(pgPort)).toBe(true);
  }, 120_000);
});
