import type { Config } from './config';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import { applyMigrations } from './db/migrate';

export interface Runtime {
  database: DatabaseHandle;
  stop(): Promise<void>;
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
      await database.close();
      await embedded?.stop();
    },
  };
}
