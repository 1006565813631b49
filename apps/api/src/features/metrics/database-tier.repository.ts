import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The database tier as the primary sees it, for one scrape (decision 068). */
export interface DatabaseTier {
  /** `host:port` of the server the write connection reached; `local:port` over a Unix socket. */
  server: string;
  /** pg_stat_archiver's failures; undefined when WAL archiving is off (`archive_mode`). */
  archiveFailed: number | undefined;
  /** Seconds since a WAL segment was last archived; undefined when archiving is off or never did. */
  archivedAgeSeconds: number | undefined;
  /** Seconds since the newest recorded backup finished; undefined when none is recorded. */
  backupAgeSeconds: number | undefined;
}

const numberOrUndefined = (value: string | null) => (value === null ? undefined : Number(value));

/**
 * One statement on the write connection: which server it is, its archiver's one-row view, and
 * the newest backup off `database_backups_finished_idx`. Ages are taken on the database's own
 * clock, the one that wrote the times.
 */
export async function readDatabaseTier(tx: Executor): Promise<DatabaseTier> {
  const result = await tx.execute<{
    server: string;
    archiving: boolean;
    failed: string;
    archived_age: string | null;
    backup_age: string | null;
  }>(sql`
    select case when inet_server_addr() is null then 'local'
                when family(inet_server_addr()) = 6 then '[' || host(inet_server_addr()) || ']'
                else host(inet_server_addr()) end
           || ':' || coalesce(inet_server_port()::text, current_setting('port')) as server,
           current_setting('archive_mode') <> 'off' as archiving,
           a.failed_count::text as failed,
           extract(epoch from clock_timestamp() - a.last_archived_time)::text as archived_age,
           extract(epoch from clock_timestamp() - (select max(finished_at) from database_backups))::text
             as backup_age
      from pg_stat_archiver a`);
  const row = result.rows[0];
  if (!row) throw new Error('pg_stat_archiver has no row');
  return {
    server: row.server,
    archiveFailed: row.archiving ? Number(row.failed) : undefined,
    archivedAgeSeconds: row.archiving ? numberOrUndefined(row.archived_age) : undefined,
    backupAgeSeconds: numberOrUndefined(row.backup_age),
  };
}
