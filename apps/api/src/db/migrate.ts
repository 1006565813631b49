import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
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

/**
 * Drizzle's migrator applies every pending migration in one transaction. PostgreSQL 15 (Debian
 * 12's, which the replicated database runs: decision 067) refuses a statement that uses an enum
 * value added earlier in that same transaction (55P04, "unsafe use of new value"), which a new
 * database's run from 0000 does (0012 adds `info_requested`, later ones use it). So this is
 * drizzle's step with one transaction per migration: the same files, the same record of what
 * was applied (drizzle.__drizzle_migrations, by each file's timestamp), so databases migrated
 * before read the same.
 */
async function migrateOneByOne(client: pg.PoolClient, migrationsFolder: string) {
  const db = drizzle({ client });
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(sql`create table if not exists drizzle.__drizzle_migrations (
    id serial primary key, hash text not null, created_at bigint)`);
  const applied = await db.execute<{ created_at: string }>(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const lastApplied = Number(applied.rows[0]?.created_at ?? -1);
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    if (migration.folderMillis <= lastApplied) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at)
        values (${migration.hash}, ${migration.folderMillis})`);
    });
  }
}

export async function applyMigrations(db: Database, migrationsFolder: string): Promise<void> {
  // The lock belongs to one connection, so the migration runs on that same connection.
  const client = await db.$client.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateOneByOne(client, migrationsFolder);
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
