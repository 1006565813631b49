import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

/**
 * Every process applies pending migrations when it starts. Drizzle's migrator reads the last
 * applied migration and then applies the newer ones with no lock of its own, so two processes
 * starting together on a new release would both apply it: the second fails on "already exists",
 * or, for statements that do not conflict when repeated, runs them twice. A session-level
 * advisory lock makes the starts take turns: the first applies, the others then find nothing
 * left. The key is a fixed number that names this lock for any tool looking at pg_locks.
 */
export const MIGRATION_LOCK_KEY = 7_246_001;

export async function applyMigrations(db: Database, migrationsFolder: string): Promise<void> {
  // The lock belongs to one connection, so the migration runs on that same connection.
  const client = await db.$client.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // A connection that failed mid-way is closed rather than handed to the next caller.
    client.release(failure);
  }
}
