import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * Tables left out whole (`true`) or columns left out of a table's rows: what a caller allows a
 * refused request to change, each with its reason where it is listed.
 */
export type FingerprintExceptions = Record<string, true | string[]>;

/**
 * A digest of every row of every table in the public schema: equal before and after a request
 * means the request changed nothing. For the small databases of tests only. One statement, so
 * the fuzz can afford one per request.
 */
export async function databaseFingerprint(
  db: Database,
  except: FingerprintExceptions = {},
): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const selects = tables.rows
    .filter(({ name }) => except[name] !== true)
    .map(({ name }) => {
      const columns = except[name];
      const row = Array.isArray(columns)
        ? sql`(to_jsonb(t) - array[${sql.join(
            columns.map((column) => sql`${column}`),
            sql`, `,
          )}]::text[])::text`
        : sql`t::text`;
      return sql`select ${name}::text as name, count(*) || ':' || coalesce(md5(string_agg(${row}, ',' order by ${row})), 'empty') as digest from ${sql.identifier(name)} t`;
    });
  const result = await db.execute<{ name: string; digest: string }>(
    sql.join(selects, sql` union all `),
  );
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}
