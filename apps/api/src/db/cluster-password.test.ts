import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../test/free-port';
import { StartupError } from '../lib/startup-error';
import { clusterPasswordFile, LEGACY_PASSWORD } from './cluster-password';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

/**
 * A finding of the outside security test (decision 054): every embedded PostgreSQL had the
 * superuser password `karta-local` and a Unix socket anyone could connect to, so any local user
 * could sign in as its superuser over TCP on 127.0.0.1. Each data folder now has its own random
 * password, and the socket is its owner's alone.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function dataFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'karta-pg-password-'));
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });
  return dir;
}

interface Started extends EmbeddedDatabase {
  port: number;
  notices: string[];
}

async function start(dataDir: string): Promise<Started> {
  const port = await findFreePort();
  const notices: string[] = [];
  const database = await startEmbeddedPostgres({
    dataDir,
    port,
    database: 'karta',
    onNotice: (line) => notices.push(line),
    onWarning: () => undefined,
  });
  let isStopped = false;
  const stop = async () => {
    if (isStopped) return;
    isStopped = true;
    await database.stop();
  };
  cleanups.push(stop);
  return { ...database, stop, port, notices };
}

/** Runs one statement with `url`; rejects as pg does (a wrong password is code 28P01). */
async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(text)).rows;
  } finally {
    await client.end();
  }
}

const overTcp = (port: number, password: string) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${String(port)}/karta`;

const passwordOf = (dataDir: string) => readFileSync(clusterPasswordFile(dataDir), 'utf8').trim();
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** The Unix socket the app's URL goes through: its host is the socket's folder. */
function socketOf(database: Started): string {
  const folder = decodeURIComponent(new URL(database.url).hostname);
  return path.join(folder, `.s.PGSQL.${String(database.port)}`);
}

describe("the embedded PostgreSQL's superuser", () => {
  it('has a random password per data folder, in a file of mode 600, and an owner-only socket', async () => {
    const [first, second] = [dataFolder(), dataFolder()];
    const one = await start(first);
    const two = await start(second);
    const [password, otherPassword] = [passwordOf(first), passwordOf(second)];
    expect(password).toMatch(/^[\w-]{43}$/);
    expect(password).not.toBe(otherPassword);
    expect(password).not.toBe(LEGACY_PASSWORD);
    expect(modeOf(clusterPasswordFile(first))).toBe(0o600);
    expect(modeOf(clusterPasswordFile(second))).toBe(0o600);
    expect(modeOf(socketOf(one))).toBe(0o700);

    // The app connects through the socket; the old password no longer opens anything.
    expect(await query(one.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    expect(await query(two.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    expect(await query(overTcp(one.port, password), 'select 1 as ok')).toEqual([{ ok: 1 }]);
    await expect(query(overTcp(one.port, LEGACY_PASSWORD), 'select 1')).rejects.toMatchObject({
      code: '28P01',
    });
    await expect(query(overTcp(one.port, otherPassword), 'select 1')).rejects.toMatchObject({
      code: '28P01',
    });

    // A restart of the same folder reads the same password back and connects.
    await one.stop();
    const again = await start(first);
    expect(passwordOf(first)).toBe(password);
    expect(await query(again.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    expect(modeOf(socketOf(again))).toBe(0o700);
  });

  it('moves a data folder made with the old fixed password to a password of its own, once', async () => {
    const folder = dataFolder();
    // The folder as Karta left it before: the fixed password and no password file.
    const before = await start(folder);
    await query(before.url, `alter role postgres password '${LEGACY_PASSWORD}'`);
    await before.stop();
    rmSync(clusterPasswordFile(folder));

    const upgraded = await start(folder);
    const password = passwordOf(folder);
    expect(password).not.toBe(LEGACY_PASSWORD);
    expect(modeOf(clusterPasswordFile(folder))).toBe(0o600);
    expect(await query(upgraded.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    await expect(query(overTcp(upgraded.port, LEGACY_PASSWORD), 'select 1')).rejects.toMatchObject({
      code: '28P01',
    });
    expect(upgraded.notices.join('\n')).toContain('fixed password of earlier versions');
    expect(upgraded.notices.join('\n')).not.toContain(password);

    await upgraded.stop();
    const later = await start(folder);
    expect(passwordOf(folder)).toBe(password);
    expect(await query(later.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    expect(later.notices.join('\n')).not.toContain('fixed password');
  });

  it('refuses, and leaves nothing running, when the cluster takes neither password', async () => {
    const folder = dataFolder();
    const first = await start(folder);
    const port = first.port;
    await first.stop();
    writeFileSync(clusterPasswordFile(folder), 'not-the-password\n', { mode: 0o600 });
    const refused = startEmbeddedPostgres({
      dataDir: folder,
      port,
      database: 'karta',
      onNotice: () => undefined,
      onWarning: () => undefined,
    });
    await expect(refused).rejects.toBeInstanceOf(StartupError);
    await expect(refused).rejects.toThrow(/does not take the password kept in/);
    // PostgreSQL stopped again and the folder released: nothing listens, nothing holds it.
    await expect(query(overTcp(port, LEGACY_PASSWORD), 'select 1')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect(existsSync(path.join(folder, 'karta.pid'))).toBe(false);
  });
});
