import type { Config } from './config';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import { applyMigrations } from './db/migrate';

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
 * The database the configuration asks for: DATABASE_URL, or an embedded PostgreSQL under
 * DATA_DIR started for this process. Migrations are applied before anything uses it.
 */
export async function openRuntime(config: Config, log: (line: string) => void): Promise<Runtime> {
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
  return {
    database,
    async stop() {
      // pg's pool.end() can wait for ever on a connection a database restart broke, and a
      // pending promise does not keep Node alive: the process would end here, silently, and
      // leave the embedded PostgreSQL running. Bounded, and the database stops either way.
      try {
        const closed = await settlesWithin(database.close(), POOL_CLOSE_MS);
        if (!closed) log(`the database pool did not close within ${POOL_CLOSE_MS} ms`);
      } finally {
        await embedded?.stop();
      }
    },
  };
}
