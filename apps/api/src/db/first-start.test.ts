import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  afterTests,
  cloneInto,
  expectOneLineFailure,
  holdPort,
  REPO_ROOT,
  runCleanups,
  startKarta,
  stopKarta,
  temporaryDir,
  twoFreePorts,
  waitReady,
} from '../../test/karta-process';
import { relocatedClusterDir } from './data-folder';

/**
 * Decision 017: `npm start` from any folder, as `npm start` runs it (a child process with
 * its embedded PostgreSQL). Each failure that is outside Karta's reach must end the start with
 * exit code 1 and one line on stderr that says what to do, never a stack trace.
 */
afterAll(runCleanups);

describe('npm start from any folder', () => {
  it('starts from a clone in a home folder of mode 700 whose path has a space', async () => {
    const base = temporaryDir('karta-first-start-');
    const home = path.join(base, 'home 700');
    mkdirSync(home);
    chmodSync(home, 0o700);
    const root = path.join(home, 'karta');
    cloneInto(root);
    const dataDir = path.join(root, '.data');
    afterTests(() => {
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
