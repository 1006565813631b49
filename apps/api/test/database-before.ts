import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { API_ROOT } from '../src/config';
import { connectDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';

/**
 * A database as production has it before a release: a fresh one on the test server, with every
 * migration up to the one whose tag starts with `lastTag` ("0035_") applied, so an upgrade test
 * can write rows as that schema takes them and then apply the rest. `close` drops nothing: the
 * test server is thrown away with the run.
 */
export async function databaseBefore(serverUrl: string, lastTag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'karta-migrations-'));
  cpSync(path.join(API_ROOT, 'drizzle'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag.startsWith(lastTag));
  expect(last, `a migration tagged ${lastTag}…`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));

  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template template0`);
  } finally {
    await admin.end();
  }
  const database = connectDatabase(`${serverUrl}/${name}`, 3, () => undefined);
  await applyMigrations(database.db, folder);
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
