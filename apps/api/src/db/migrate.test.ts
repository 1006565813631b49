import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { API_ROOT } from '../config';
import { connectDatabase, type DatabaseHandle } from './client';
import { applyMigrations, MIGRATION_LOCK_KEY } from './migrate';

/**
 * Several API and worker processes start together on a new release (decision 034), and each applies
 * pending migrations at start-up. They must take turns: one applies, the others find nothing
 * left, and none fails or applies a migration twice.
 */
const serverUrl = inject('pgServerUrl');
const migrationsFolder = path.join(API_ROOT, 'drizzle');
const handles: DatabaseHandle[] = [];

afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
});

async function createEmptyDatabase(): Promise<string> {
  const name = `migrate_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return `${serverUrl}/${name}`;
}

describe('applying migrations', () => {
  it('four processes starting at once on an empty database apply each migration exactly once', async () => {
    const url = await createEmptyDatabase();
    // Four pools, as four processes would have.
    const processes = Array.from({ length: 4 }, () => connectDatabase(url, 2));
    handles.push(...processes);

    const outcomes = await Promise.allSettled(
      processes.map((database) => applyMigrations(database.db, migrationsFolder)),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(4).fill('fulfilled'));
    const files = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));
    const [first] = processes;
    if (!first) throw new Error('no process');
    const applied = await first.pool.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations',
    );
    expect(applied.rowCount).toBe(files.length);
    expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(files.length);
  });

  it('releases the lock, so a later start on the migrated database finds nothing to apply', async () => {
    const url = await createEmptyDatabase();
    const first = connectDatabase(url, 1);
    const second = connectDatabase(url, 1);
    handles.push(first, second);

    await applyMigrations(first.db, migrationsFolder);
    // Same pool, same (only) connection: were the lock still held on it, this would still pass,
    // so the second start uses another pool, which a held lock would block for ever.
    await applyMigrations(second.db, migrationsFolder);

    const locks = await first.pool.query(
      `select 1 from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and l.objid = $1 and d.datname = current_database()`,
      [MIGRATION_LOCK_KEY],
    );
    expect(locks.rowCount).toBe(0);
  });
});
