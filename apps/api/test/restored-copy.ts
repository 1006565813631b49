import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * A copy of the database at `databaseUrl` as it is now: what a restore to this moment gives back
 * (after-restore.test.ts plays "restored to T" with it). PostgreSQL copies a database only while
 * nobody is connected, so connections are refused for the moment of the copy and the open ones
 * ended; the app's pool opens new ones on its next query. Returns the copy's URL.
 */
export async function copyDatabaseNow(serverUrl: string, databaseUrl: string): Promise<string> {
  const source = new URL(databaseUrl).pathname.slice(1);
  const copy = `restored_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`alter database "${source}" allow_connections false`);
    try {
      for (let attempt = 0; ; attempt += 1) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [source],
        );
        try {
          await admin.query(`create database "${copy}" template "${source}"`);
          break;
        } catch (error) {
          // 55006: a terminated backend has not gone yet.
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await sleep(100);
        }
      }
    } finally {
      await admin.query(`alter database "${source}" allow_connections true`);
    }
  } finally {
    await admin.end();
  }
  // Let the pool hear that its idle connections ended before the test's next query.
  await sleep(200);
  return `${serverUrl}/${copy}`;
}
