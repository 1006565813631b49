import type { Config } from './config';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import { applyMigrations } from './db/migrate';
import {
  cannotJoinRunningKarta,
  recordRunningDatabase,
  runningDatabaseOf,
} from './db/running-database';

export interface Runtime {
  database: DatabaseHandle;
  stop(): Promise<void>;
}

const POOL_CLOSE_MS = 5_000;

/** Whether `promise` settles within `ms` (its rejection is thrown); the timer never lingers. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * pg's pool.end() can wait for ever on a connection a database restart broke, and a pending
 * promise does not keep Node alive: the process would end there, silently, before what follows
 * (stopping the embedded PostgreSQL). Bounded.
 */
async function closePool(database: DatabaseHandle, log: (line: string) => void) {
  const closed = await settlesWithin(database.close(), POOL_CLOSE_MS);
  if (!closed) log(`the database pool did not close within ${POOL_CLOSE_MS} ms`);
}

interface RuntimeOptions {
  /**
   * With the embedded database, use the PostgreSQL of a Karta already running on DATA_DIR, if
   * one is, instead of stopping at the folder's lock (decision 058): for short programs such as
   * create-admin. Its migrations are that Karta's own: nothing here changes its schema.
   */
  joinRunningKarta?: boolean;
}

/**
 * The database the configuration asks for: DATABASE_URL, or an embedded PostgreSQL under
 * DATA_DIR started for this process. Migrations are applied before anything uses it.
 */
export async function openRuntime(
  config: Config,
  log: (line: string) => void,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  const running =
    options.joinRunningKarta && !config.databaseUrl ? runningDatabaseOf(config.dataDir) : undefined;
  if (running) {
    if (running.url === undefined) throw cannotJoinRunningKarta(config.dataDir, running.pid);
    log(`using the PostgreSQL of the Karta running on ${config.dataDir} (pid ${running.pid})`);
    const database = connectDatabase(running.url);
    return { database, stop: () => closePool(database, log) };
  }
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        database: 'karta',
        onNotice: log,
      });
  if (embedded) log(`embedded PostgreSQL running on port ${config.embeddedPgPort}`);
  const url = config.databaseUrl ?? embedded?.url;
  if (!url) throw new Error('no database');
  const database = connectDatabase(url);
  await applyMigrations(database.db, config.migrationsDir);
  // Said once the schema is ready, so a program that joins finds it so.
  const forgetRecord = embedded
    ? recordRunningDatabase(config.dataDir, embedded.connection)
    : undefined;
  return {
    database,
    async stop() {
      forgetRecord?.();
      // The database stops whether or not the pool closed.
      try {
        await closePool(database, log);
      } finally {
        await embedded?.stop();
      }
    },
  };
}
