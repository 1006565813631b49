import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterStateFile, recordRunningCluster } from './support/cluster-state';
import { REPO_ROOT } from './support/paths';

/**
 * Decision 058: `npm run cluster -- stop` stops this checkout's cluster and nothing else. Run as
 * a user runs it, in two checkouts of the CLI, without starting a whole cluster (six processes,
 * nginx, Redis, PostgreSQL): what runs a checkout's cluster here is a stand-in process,
 * recorded by the function the CLI's start records itself with.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** A checkout: this repository's cluster CLI and its `cluster` script as they are. */
function checkout(): string {
  const root = temporaryDir('karta-checkout-');
  cpSync(path.join(REPO_ROOT, 'cluster'), path.join(root, 'cluster'), { recursive: true });
  // What the CLI's start loads (the API's configuration, the cluster's processes).
  for (const shared of ['apps', 'node_modules']) {
    symlinkSync(path.join(REPO_ROOT, shared), path.join(root, shared));
  }
  const ours = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: { cluster: string };
  };
  const scripts = { cluster: ours.scripts.cluster };
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'karta', private: true, type: 'module', scripts }),
  );
  return root;
}

/**
 * `npm run cluster -- stop` in a checkout. Its temporary folder is one of the test's own: the
 * CLI of earlier versions read a pid file there, and must not find the machine's real one.
 */
async function stopCommand(root: string, temporaryFolder: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'cluster', '--', 'stop'],
    {
      cwd: root,
      // eslint-disable-next-line no-restricted-properties -- npm needs PATH and HOME, nothing else of ours
      env: { PATH: process.env.PATH, HOME: homedir(), TMPDIR: temporaryFolder },
    },
  );
  return stdout;
}

/** A process standing in for a running cluster: it ends on SIGTERM, as the CLI does. */
function standIn(): { process: ChildProcess; isRunning(): boolean; exited: Promise<unknown> } {
  const child = spawn(
    process.execPath,
    ['-e', "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);"],
    { stdio: 'ignore' },
  );
  const exited = once(child, 'exit');
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  cleanups.push(async () => {
    if (!isRunning()) return;
    child.kill('SIGKILL');
    await exited;
  });
  return { process: child, isRunning, exited };
}

const pidOf = (child: ChildProcess) => {
  if (child.pid === undefined) throw new Error('the stand-in did not start');
  return child.pid;
};

describe('npm run cluster -- stop', () => {
  it("stops this checkout's cluster, and not another checkout's", async () => {
    const [mine, theirs] = [checkout(), checkout()];
    const temporaryFolder = temporaryDir('karta-tmp-');
    const theirCluster = standIn();
    recordRunningCluster(clusterStateFile(theirs), pidOf(theirCluster.process));

    expect(await stopCommand(mine, temporaryFolder)).toContain('none is running');
    await sleep(200);
    expect(theirCluster.isRunning()).toBe(true);

    const said = await stopCommand(theirs, temporaryFolder);
    expect(said).toContain(`asked the cluster (pid ${String(theirCluster.process.pid)}) to stop`);
    expect(said).toContain('cluster: stopped');
    await Promise.race([theirCluster.exited, sleep(5_000)]);
    expect(theirCluster.isRunning()).toBe(false);
    expect(existsSync(clusterStateFile(theirs))).toBe(false);
  }, 60_000);

  it('leaves alone whatever the machine-wide pid file of earlier versions names', async () => {
    const mine = checkout();
    const temporaryFolder = temporaryDir('karta-tmp-');
    const otherCluster = standIn();
    writeFileSync(
      path.join(temporaryFolder, 'karta-cluster.pid'),
      `${String(pidOf(otherCluster.process))}\n`,
    );

    expect(await stopCommand(mine, temporaryFolder)).toContain('none is running');
    await sleep(200);
    expect(otherCluster.isRunning()).toBe(true);
  }, 60_000);

  it('does not signal a recorded pid that another process has since', async () => {
    const mine = checkout();
    const temporaryFolder = temporaryDir('karta-tmp-');
    const stranger = standIn();
    // The pid a cluster killed with -9 had, now another process's: it started at another time.
    const file = clusterStateFile(mine);
    mkdirSync(path.dirname(file));
    writeFileSync(file, `${String(pidOf(stranger.process))}\n1\n`);

    expect(await stopCommand(mine, temporaryFolder)).toContain('none is running');
    await sleep(200);
    expect(stranger.isRunning()).toBe(true);
    expect(existsSync(file)).toBe(false);
  }, 60_000);
});
