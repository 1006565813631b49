import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase;
/** A repository call runs on the database or inside a caller's transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(
  connectionString: string,
  max = 10,
  onIdleError: (error: Error) => void = (error) => {
    console.error('idle database connection failed:', error.message);
  },
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection can die (database restart, failover, shutdown). Without a listener pg
  // rethrows that as an uncaught error and takes the whole process down; the pool replaces the
  // connection on next use instead.
  pool.on('error', onIdleError);
  const db = drizzle({ client: pool, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
