import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { StartupError } from '../lib/startup-error';

/**
 * The embedded PostgreSQL's superuser password (decision 054): random, one per data folder, kept
 * in DATA_DIR/postgres-password readable by Karta's user alone. Until then every cluster had the
 * same fixed password, so any local user could sign in over TCP on 127.0.0.1 as its superuser.
 */

/** Where a data folder keeps its cluster's password (the e2e harness reads it too). */
export const clusterPasswordFile = (dataDir: string) => path.join(dataDir, 'postgres-password');

/** The fixed password of clusters made before decision 054, tried once to replace it. */
export const LEGACY_PASSWORD = 'karta-local';

/** PostgreSQL's invalid_password: the password was wrong (or the role has none). */
const INVALID_PASSWORD = '28P01';

/**
 * The data folder's password: read back from its file, or made on the first start (256 random
 * bits, URL-safe so it needs no escaping). Written whole or not at all (a temporary file
 * renamed), mode 600; a file another hand opened wider is closed again.
 */
export function clusterPasswordFor(dataDir: string): string {
  const file = clusterPasswordFile(dataDir);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    const password = readFileSync(file, 'utf8').trim();
    if (password) return password;
  }
  const password = randomBytes(32).toString('base64url');
  const written = `${file}.${String(process.pid)}.tmp`;
  writeFileSync(written, `${password}\n`, { mode: 0o600 });
  chmodSync(written, 0o600);
  renameSync(written, file);
  return password;
}

/**
 * The data folder's password as its file holds it, or undefined (no file, or not ours to read):
 * for a program that joins the PostgreSQL a running Karta started, and must never make one.
 */
export function readClusterPassword(dataDir: string): string | undefined {
  try {
    return readFileSync(clusterPasswordFile(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

const isInvalidPassword = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === INVALID_PASSWORD;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // Its failures reach the awaited calls; without a listener one would end the process.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * The superuser's session on the cluster at `port` (TCP on loopback), with `password`. A cluster
 * made before decision 054 still has the fixed password: it is signed in with that once and
 * given `password` (which its file already holds, so a start cut short here does it again).
 */
export async function signInAsSuperuser(options: {
  port: number;
  password: string;
  dataDir: string;
  clusterDir: string;
  log: (line: string) => void;
}): Promise<pg.Client> {
  const urlWith = (password: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${String(options.port)}/postgres`;
  try {
    return await connect(urlWith(options.password));
  } catch (error) {
    if (!isInvalidPassword(error)) throw error;
  }
  let legacy: pg.Client;
  try {
    legacy = await connect(urlWith(LEGACY_PASSWORD));
  } catch (error) {
    if (!isInvalidPassword(error)) throw error;
    throw new StartupError(
      `the embedded PostgreSQL in ${options.clusterDir} does not take the password kept in ${clusterPasswordFile(options.dataDir)}`,
      `Put back the file this data folder had, or remove ${options.clusterDir} to start with an empty database.`,
    );
  }
  try {
    await legacy.query(`alter role postgres password ${legacy.escapeLiteral(options.password)}`);
  } finally {
    await legacy.end();
  }
  options.log(
    `the embedded PostgreSQL's superuser had the fixed password of earlier versions: it now has its own, kept in ${clusterPasswordFile(options.dataDir)}`,
  );
  return connect(urlWith(options.password));
}
