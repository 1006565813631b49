import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A digest of every row of every table in the public schema: equal before and after a request
 * means the request changed nothing. For the small databases of tests only.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const table = sql.identifier(name);
    const result = await db.execute<{ digest: string | null }>(
      sql`select md5(string_agg(t::text, ',' order by t::text)) as digest from ${table} t`,
    );
    digests[name] = result.rows[0]?.digest ?? 'empty';
  }
  return digests;
}
