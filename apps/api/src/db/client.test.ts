import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../../test/free-port';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import { connectDatabase } from './client';

/**
 * An outside tester's finding (decision 015): PostgreSQL ending a connection that a transaction holds (57P01 on a
 * restart, here pg_terminate_backend, which sends the same) made pg emit 'error' on a client
 * nobody listened to, and Node ended the process (vitest reports it as an unhandled error).
 */
const serverUrl = inject('pgServerUrl');
const database = connectDatabase(`${serverUrl}/postgres`, 2, (error) => errors.push(error));
const errors: Error[] = [];
const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });

afterAll(async () => {
  await database.close();
  await admin.end();
});

describe('database connections', () => {
  it('a connection terminated inside a transaction fails that transaction, not the process', async () => {
    await admin.connect();
    const failure = await database.db
      .transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        // Between two statements: the termination arrives while no query is active.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );

    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(errors.map((error) => (error as Error & { code?: string }).code)).toContain('57P01');
    // The pool dropped the dead connection and makes a new one.
    const { rows } = await database.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows[0]?.one).toBe(1);
  });

  it('a database nobody listens for is unavailable, not a failed query', async () => {
    const nowhere = connectDatabase(
      `postgres://postgres:none@127.0.0.1:${await findFreePort()}/karta`,
      1,
      () => undefined,
    );
    try {
      const failure = await nowhere.db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).not.toBeNull();
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await nowhere.close();
    }
  });

  it('a Unix socket nobody listens on is unavailable; a missing file elsewhere is not', async () => {
    // The embedded PostgreSQL's socket file is gone while it restarts: connect fails with ENOENT.
    const folder = mkdtempSync(path.join(tmpdir(), 'karta-no-socket-'));
    const nowhere = connectDatabase(
      `postgres://postgres:none@${encodeURIComponent(folder)}:5432/karta`,
      1,
      () => undefined,
    );
    try {
      const failure = await nowhere.db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ cause: { code: 'ENOENT', syscall: 'connect' } });
      expect(isDatabaseUnavailable(failure)).toBe(true);
      const missingFile = await readFile(path.join(folder, 'photo.jpg')).catch((e: unknown) => e);
      expect(missingFile).toMatchObject({ code: 'ENOENT' });
      expect(isDatabaseUnavailable(missingFile)).toBe(false);
    } finally {
      await nowhere.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a write that reaches a read-only server (a standby mid-promotion) is an outage: 503, not 500', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`set transaction read only`);
        await tx.execute(sql`create temporary table read_only_probe (id int)`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((failure as { cause?: { code?: string } } | null)?.cause?.code).toBe('25006');
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });

  it('a query that is wrong is not an outage', async () => {
    const failure = await database.db.execute(sql`select 1 / 0`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(false);
  });
});
