import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterPasswordFile } from './db/cluster-password';
import {
  afterTests,
  pidInFile,
  postmasterOf,
  REPO_ROOT,
  runCleanups,
  runToEnd,
  startKarta,
  stopKarta,
  temporaryDir,
  twoFreePorts,
  waitReady,
} from '../test/karta-process';

/**
 * Decision 058: `npm run create-admin` while `npm start` runs on the same data folder joins
 * that Karta's PostgreSQL instead of stopping at the folder's lock; with nothing running it
 * starts the folder's own, as before. As `npm run create-admin` runs it, from the sources.
 */
afterAll(runCleanups);

const CREATE_ADMIN = [process.execPath, '--import', 'tsx', 'apps/api/src/create-admin.ts'];
const RECORD = 'running-database.json';

async function signIn(port: number, email: string, password: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { data?: { role?: string } } };
}

describe('npm run create-admin', () => {
  it('makes the admin in the database of the Karta running on the same data folder', async () => {
    const dataDir = temporaryDir('karta-create-admin-data-');
    const [port, pgPort] = await twoFreePorts();
    const env = {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
    };
    const karta = startKarta(REPO_ROOT, env);
    await waitReady(karta);
    const email = 'ops@karta.example';
    const adminPassword = 'Sturdy#Admin-2026';
    const made = await runToEnd(
      REPO_ROOT,
      [...CREATE_ADMIN, '--email', email, '--password', adminPassword],
      env,
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Admin ${email} created.`);
    // The running Karta signs the admin in: the account is in its database, which still runs.
    const signedIn = await signIn(port, email, adminPassword);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data?.role).toBe('admin');
    // It learnt where from a file readable by Karta's user alone, which holds no password.
    const record = path.join(dataDir, RECORD);
    expect(statSync(record).mode & 0o777).toBe(0o600);
    const password = readFileSync(clusterPasswordFile(dataDir), 'utf8').trim();
    expect(readFileSync(record, 'utf8')).not.toContain(password);
    await stopKarta(karta);
    expect(statSync(path.join(dataDir, RECORD), { throwIfNoEntry: false })).toBeUndefined();

    // Nothing running: it starts the folder's own PostgreSQL and stops it again.
    const again = await runToEnd(REPO_ROOT, [...CREATE_ADMIN, '--email', email], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${email} is already an admin. Nothing changed.`);
    expect(postmasterOf(dataDir)).toBeUndefined();
    expect(pidInFile(path.join(dataDir, 'karta.pid'))).toBeUndefined();
    expect(statSync(path.join(dataDir, RECORD), { throwIfNoEntry: false })).toBeUndefined();
  }, 120_000);

  it('says to wait or to stop a Karta on the folder that cannot be joined yet', async () => {
    const dataDir = temporaryDir('karta-create-admin-data-');
    // A Karta still starting: it holds the folder, and has not said where its database is.
    const starting = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    const exited = once(starting, 'exit');
    const pid = starting.pid;
    if (pid === undefined) throw new Error('the stand-in did not start');
    afterTests(async () => {
      starting.kill('SIGKILL');
      await exited;
    });
    writeFileSync(path.join(dataDir, 'karta.pid'), `${String(pid)}\n`);
    const [port, pgPort] = await twoFreePorts();
    const refused = await runToEnd(REPO_ROOT, [...CREATE_ADMIN, '--email', 'ops@karta.example'], {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n'), refused.stderr).toHaveLength(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `in use by another Karta \\(pid ${String(pid)}\\) whose database cannot be joined yet.*Run this again once that Karta says it is running, or stop it first.*kill ${String(pid)}`,
      ),
    );
    // Nothing was started or taken over.
    expect(pidInFile(path.join(dataDir, 'karta.pid'))).toBe(pid);
    expect(postmasterOf(dataDir)).toBeUndefined();
  }, 60_000);
});
