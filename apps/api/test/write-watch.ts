import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import type { FingerprintExceptions } from './database-fingerprint';

/** A table a watched request wrote, and how. */
interface Write {
  table: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE' | 'TRUNCATE';
}

export interface WriteWatch {
  /** Forgets what was written so far: call it before the request to watch. */
  reset(): Promise<void>;
  /** What was written since the last reset (committed writes only), and forgets it. */
  take(): Promise<Write[]>;
}

/**
 * Every committed write to the public schema's tables, kept by triggers in a schema of its own
 * (`test_watch`). It proves what `databaseFingerprint` proves, that a request changed no row,
 * for a thousandth of the price: reading the log is one small statement, where a fingerprint
 * digests every row of every table (13 ms a request on a fuzz's database; the route fuzzer
 * spent 107 of its 121 s on them). An UPDATE counts only when it changed something beyond the
 * columns `except` allows; a table `except` names whole is not watched. A write rolled back
 * leaves nothing, as it leaves no row behind. For a test's own database only.
 */
export async function watchWrites(
  db: Database,
  except: FingerprintExceptions = {},
): Promise<WriteWatch> {
  await db.execute(
    sql.raw(`
    create schema if not exists test_watch;
    create table if not exists test_watch.writes (table_name text not null, operation text not null);
    create or replace function test_watch.log_write() returns trigger language plpgsql as $$
    begin
      -- TG_ARGV: the columns an update may change unseen.
      if tg_op = 'UPDATE' then
        if (to_jsonb(new) - tg_argv) = (to_jsonb(old) - tg_argv) then
          return null;
        end if;
      end if;
      insert into test_watch.writes values (tg_table_name, tg_op);
      return null;
    end $$;
  `),
  );
  const tables = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  );
  for (const { name } of tables.rows) {
    const columns = except[name];
    if (columns === true) continue;
    const allowed = (columns ?? []).map((column) => `'${column.replaceAll("'", "''")}'`).join(', ');
    const table = `public."${name.replaceAll('"', '""')}"`;
    await db.execute(
      sql.raw(`
        drop trigger if exists test_watch_rows on ${table};
        create trigger test_watch_rows after insert or update or delete on ${table}
          for each row execute function test_watch.log_write(${allowed});
        drop trigger if exists test_watch_truncate on ${table};
        create trigger test_watch_truncate after truncate on ${table}
          for each statement execute function test_watch.log_write();
      `),
    );
  }
  return {
    async reset() {
      await db.execute(sql`delete from test_watch.writes`);
    },
    async take() {
      const written = await db.execute<{ table_name: string; operation: Write['operation'] }>(
        sql`delete from test_watch.writes returning table_name, operation`,
      );
      return written.rows.map((row) => ({ table: row.table_name, operation: row.operation }));
    },
  };
}
